/// A customer's cart as it is kept between runs: how many of each product, by product id.
///
/// Stored as `{"version":2,"revision":7,"quantities":{"3":2,"7":1}}`. Prices and titles are not
/// kept: they come fresh from the store, which may have changed them. A line whose product the
/// store no longer lists stays here until the customer deletes it.
///
/// `revision` counts the writes of the file, so a copy of the store that hears of two versions
/// (its own save's answer and another copy's change) keeps the newer one.
///
/// `unconfirmedOrder` is an order whose answer never came: kept with the cart, so that paying
/// for the same lines again — after a restart too — resends it with the same idempotency key.
public struct SavedCart: Hashable, Sendable, Codable {
  public var version = 2
  public var revision: Int
  public var quantities: [Int: Int]
  public var unconfirmedOrder: OrderAttempt?

  public init(quantities: [Int: Int] = [:], revision: Int = 0) {
    self.quantities = quantities
    self.revision = revision
  }

  public static let empty = SavedCart()

  private enum CodingKeys: String, CodingKey {
    case version, revision, quantities, unconfirmedOrder
  }

  /// Reads version 1.0's files too, which had no revision.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    revision = try container.decodeIfPresent(Int.self, forKey: .revision) ?? 0
    quantities = try container.decode([Int: Int].self, forKey: .quantities)
    unconfirmedOrder = try container.decodeIfPresent(OrderAttempt.self, forKey: .unconfirmedOrder)
  }

  /// The number of units in the cart, all lines together.
  public var unitCount: Int {
    quantities.values.reduce(0, +)
  }

  /// This cart with `changes` applied and the revision after `revision`.
  public func applying(_ changes: CartChanges) -> SavedCart {
    var result = self
    for (id, quantity) in changes.quantities {
      result.quantities[id] = quantity > 0 ? quantity : nil
    }
    if case let .replaced(by: attempt) = changes.unconfirmedOrder {
      result.unconfirmedOrder = attempt
    }
    result.revision += 1
    return result
  }
}

/// What one copy of the store changed in its cart since it last read or wrote the saved one:
/// the new quantity of each line it touched (0 for a line it deleted).
///
/// A save applies these to the latest saved cart instead of replacing it, so what another copy
/// changed in other lines in the meantime is kept; for a line both changed, the later save wins.
public struct CartChanges: Hashable, Sendable {
  public var quantities: [Int: Int]
  public var unconfirmedOrder: UnconfirmedOrderChange

  /// Whether a save changes the order whose answer never came.
  public enum UnconfirmedOrderChange: Hashable, Sendable {
    case unchanged
    case replaced(by: OrderAttempt?)
  }

  public init(quantities: [Int: Int] = [:], unconfirmedOrder: UnconfirmedOrderChange = .unchanged) {
    self.quantities = quantities
    self.unconfirmedOrder = unconfirmedOrder
  }

  /// The lines whose quantity in `current` differs from `base`.
  public init(from base: [Int: Int], to current: [Int: Int]) {
    var quantities: [Int: Int] = [:]
    for id in Set(base.keys).union(current.keys) where (base[id] ?? 0) != (current[id] ?? 0) {
      quantities[id] = current[id] ?? 0
    }
    self.quantities = quantities
    self.unconfirmedOrder = .unchanged
  }

  public var isEmpty: Bool { quantities.isEmpty && unconfirmedOrder == .unchanged }
}
