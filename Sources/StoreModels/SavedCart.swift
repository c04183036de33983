/// A customer's cart as it is kept between runs: how many of each product, by product id.
///
/// The same JSON in a file of the store's own (one host) and in `onlinestore-api`'s open carts
/// (`GET /shop/carts/<customer>`, several hosts). Stored as `{"version":2,"revision":7,"quantities":{"3":2,"7":1}}`. Prices and titles are not
/// kept: they come fresh from the store, which may have changed them. A line whose product the
/// store no longer lists stays here until the customer deletes it.
///
/// `revision` counts the writes of the file, so a copy of the store that hears of two versions
/// (its own save's answer and another copy's change) keeps the newer one.
///
/// `unconfirmedOrder` is an order whose answer never came: kept with the cart, so that paying
/// for the same lines again — after a restart too — resends it with the same idempotency key.
///
/// `checkout` is the checkout under way for this cart (``CheckoutDraft``), and `orderUpdates`
/// counts the changes of status of the customer's orders: a store that sees it move fetches
/// their orders again, so a shipment shows in an open session without a key.
public struct SavedCart: Hashable, Sendable, Codable {
  public var version = 2
  public var revision: Int
  public var quantities: [Int: Int]
  public var unconfirmedOrder: OrderAttempt?
  public var checkout: CheckoutDraft?
  public var orderUpdates = 0

  public init(quantities: [Int: Int] = [:], revision: Int = 0) {
    self.quantities = quantities
    self.revision = revision
  }

  public static let empty = SavedCart()

  private enum CodingKeys: String, CodingKey {
    case version, revision, quantities, unconfirmedOrder, checkout, orderUpdates
  }

  /// Reads version 1.0's files too, which had no revision.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    revision = try container.decodeIfPresent(Int.self, forKey: .revision) ?? 0
    quantities = try container.decode([Int: Int].self, forKey: .quantities)
    unconfirmedOrder = try container.decodeIfPresent(OrderAttempt.self, forKey: .unconfirmedOrder)
    checkout = try container.decodeIfPresent(CheckoutDraft.self, forKey: .checkout)
    orderUpdates = try container.decodeIfPresent(Int.self, forKey: .orderUpdates) ?? 0
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(revision, forKey: .revision)
    try container.encode(quantities, forKey: .quantities)
    try container.encodeIfPresent(unconfirmedOrder, forKey: .unconfirmedOrder)
    try container.encodeIfPresent(checkout, forKey: .checkout)
    if orderUpdates != 0 { try container.encode(orderUpdates, forKey: .orderUpdates) }
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
    if case let .replaced(by: draft) = changes.checkout {
      result.checkout = draft
    }
    if changes.ordersChanged { result.orderUpdates += 1 }
    result.revision += 1
    return result
  }
}

/// What one copy of the store changed in its cart since it last read or wrote the saved one:
/// the new quantity of each line it touched (0 for a line it deleted).
///
/// A save applies these to the latest saved cart instead of replacing it, so what another copy
/// changed in other lines in the meantime is kept; for a line both changed, the later save wins.
///
/// Sent to `onlinestore-api` as `{"quantities":{"3":2,"7":0}}`, with
/// `"replacesUnconfirmedOrder":true,"unconfirmedOrder":…|null` when the order attempt changes and
/// `"replacesCheckout":true,"checkout":…|null` when the checkout draft does.
public struct CartChanges: Hashable, Sendable, Codable {
  public var quantities: [Int: Int]
  public var unconfirmedOrder: Replacement<OrderAttempt>
  public var checkout: Replacement<CheckoutDraft>
  /// Set by the server when one of the customer's orders changed status; never read from a client.
  public var ordersChanged = false

  /// Whether a save changes a part of the cart that is kept whole (the order whose answer never
  /// came, the checkout draft), and to what.
  public enum Replacement<Value: Hashable & Sendable>: Hashable, Sendable {
    case unchanged
    case replaced(by: Value?)
  }

  public init(
    quantities: [Int: Int] = [:], unconfirmedOrder: Replacement<OrderAttempt> = .unchanged,
    checkout: Replacement<CheckoutDraft> = .unchanged
  ) {
    self.quantities = quantities
    self.unconfirmedOrder = unconfirmedOrder
    self.checkout = checkout
  }

  /// The lines whose quantity in `current` differs from `base`.
  public init(from base: [Int: Int], to current: [Int: Int]) {
    var quantities: [Int: Int] = [:]
    for id in Set(base.keys).union(current.keys) where (base[id] ?? 0) != (current[id] ?? 0) {
      quantities[id] = current[id] ?? 0
    }
    self.quantities = quantities
    self.unconfirmedOrder = .unchanged
    self.checkout = .unchanged
  }

  public var isEmpty: Bool { quantities.isEmpty && unconfirmedOrder == .unchanged && checkout == .unchanged && !ordersChanged }

  private enum CodingKeys: String, CodingKey {
    case quantities, replacesUnconfirmedOrder, unconfirmedOrder, replacesCheckout, checkout
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    quantities = try container.decodeIfPresent([Int: Int].self, forKey: .quantities) ?? [:]
    if try container.decodeIfPresent(Bool.self, forKey: .replacesUnconfirmedOrder) == true {
      unconfirmedOrder = .replaced(by: try container.decodeIfPresent(OrderAttempt.self, forKey: .unconfirmedOrder))
    } else {
      unconfirmedOrder = .unchanged
    }
    if try container.decodeIfPresent(Bool.self, forKey: .replacesCheckout) == true {
      checkout = .replaced(by: try container.decodeIfPresent(CheckoutDraft.self, forKey: .checkout))
    } else {
      checkout = .unchanged
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(quantities, forKey: .quantities)
    if case let .replaced(by: attempt) = unconfirmedOrder {
      try container.encode(true, forKey: .replacesUnconfirmedOrder)
      try container.encode(attempt, forKey: .unconfirmedOrder)
    }
    if case let .replaced(by: draft) = checkout {
      try container.encode(true, forKey: .replacesCheckout)
      try container.encode(draft, forKey: .checkout)
    }
  }
}

/// What an open cart may hold, wherever it is kept: a file or `onlinestore-api` refuses to keep
/// more, so no client can make a cart grow without end.
public enum CartBounds {
  /// The most units of one product in a cart: the stepper's own maximum.
  public static let maximumQuantity = 99
  /// The most lines one cart holds.
  public static let maximumLines = 100
}
