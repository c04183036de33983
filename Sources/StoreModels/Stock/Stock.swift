import Foundation

/// How many units of each product are left, for the products that have a stock; a product not
/// named has none, and sells without a limit (a FakeStore catalog's products all do).
///
/// `GET /shop/stock` answers `{"left": {"3": 4, "7": 0}}`.
public struct StockLevels: Hashable, Sendable, Codable {
  public var left: [Int: Int]

  public init(left: [Int: Int] = [:]) {
    self.left = left
  }

  public static let unlimited = StockLevels()

  /// The units of `product` left, `nil` when it has no limit.
  public subscript(product: Int) -> Int? { left[product] }

  /// The most of `product` one may have: what is left, capped by `ceiling`.
  public func most(of product: Int, ceiling: Int) -> Int {
    left[product].map { min(max($0, 0), ceiling) } ?? ceiling
  }

  public func isSoldOut(_ product: Int) -> Bool { left[product].map { $0 <= 0 } ?? false }

  private enum CodingKeys: String, CodingKey { case left }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // JSON object keys are text: "3", as FakeStore-shaped clients send them.
    let text = try container.decode([String: Int].self, forKey: .left)
    var left: [Int: Int] = [:]
    for (key, value) in text {
      guard let id = Int(key) else {
        throw DecodingError.dataCorruptedError(forKey: .left, in: container, debugDescription: "'\(key)' is not a product id")
      }
      left[id] = value
    }
    self.left = left
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Dictionary(uniqueKeysWithValues: left.map { (String($0.key), $0.value) }), forKey: .left)
  }
}

/// A line of an order that wants more than is left: `409` names each one.
public struct StockShortage: Hashable, Sendable, Codable {
  public var productId: Int
  public var title: String?
  public var wanted: Int
  public var left: Int

  public init(productId: Int, title: String? = nil, wanted: Int, left: Int) {
    self.productId = productId
    self.title = title
    self.wanted = wanted
    self.left = max(left, 0)
  }

  /// "Only 2 of Mens Casual Slim Fit left", "Mens Casual Slim Fit is sold out".
  public var sentence: String {
    let name = title ?? "product \(productId)"
    return left == 0 ? "\(name) is sold out" : "only \(left) of \(name) left"
  }

  /// All of `shortages` in one sentence, starting with a capital.
  public static func sentence(for shortages: [StockShortage]) -> String {
    let text = shortages.map(\.sentence).joined(separator: "; ")
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}

/// What the operator asks of a product's stock: a count (`{"stock": 12}`), no limit
/// (`{"stock": null}`), or units that arrived or went (`{"adjust": 5}`, `{"adjust": -1}`) — the
/// last is what a delivery is, and it cannot lose an order placed while it was typed.
public enum StockSetting: Hashable, Sendable {
  case count(Int?)
  case adjust(by: Int)

  /// The most units a product may hold.
  public static let maximum = 1_000_000

  /// The stock `current` becomes (`nil`: no limit). An adjustment of a product with no limit
  /// leaves it with none; the result never goes below zero or above ``maximum``.
  public func applied(to current: Int?) -> Int? {
    switch self {
    case let .count(value): value.map { min(max($0, 0), Self.maximum) }
    case let .adjust(by):
      current.map { current in
        let (sum, overflowed) = current.addingReportingOverflow(by)
        return overflowed ? (by > 0 ? Self.maximum : 0) : min(max(sum, 0), Self.maximum)
      }
    }
  }
}
