import Foundation

/// The order the cart sends: FakeStore's documented cart shape,
/// `{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":2}]}`.
public struct OrderRequest: Hashable, Sendable, Codable {
  public var userId: Int
  public var date: Date
  public var products: [Line]

  public init(userId: Int, date: Date, products: [Line]) {
    self.userId = userId
    self.date = date
    self.products = products
  }

  /// One product and how many of it.
  public struct Line: Hashable, Sendable, Codable {
    public var productId: Int
    public var quantity: Int

    public init(productId: Int, quantity: Int) {
      self.productId = productId
      self.quantity = quantity
    }
  }
}

/// What the store answers to an order: the created cart, with the number it was given.
public struct OrderConfirmation: Hashable, Sendable, Codable {
  /// The order number; FakeStore always assigns one, other servers may not.
  public var id: Int?
  public var userId: Int
  public var products: [OrderRequest.Line]

  public init(id: Int?, userId: Int, products: [OrderRequest.Line]) {
    self.id = id
    self.userId = userId
    self.products = products
  }
}

/// An order as a store keeps it: FakeStore's cart, `{"id":5,"userId":1,
/// "date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":2}],"__v":0}`.
public struct StoredOrder: Identifiable, Hashable, Sendable, Codable {
  public var id: Int
  public var userId: Int
  public var date: Date
  public var products: [OrderRequest.Line]

  public init(id: Int, userId: Int, date: Date, products: [OrderRequest.Line]) {
    self.id = id
    self.userId = userId
    self.date = date
    self.products = products
  }

  private enum CodingKeys: String, CodingKey {
    case id, userId, date, products
    case version = "__v"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    userId = try container.decode(Int.self, forKey: .userId)
    date = try container.decode(Date.self, forKey: .date)
    products = try container.decode([OrderRequest.Line].self, forKey: .products)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(userId, forKey: .userId)
    try container.encode(date, forKey: .date)
    try container.encode(products, forKey: .products)
    try container.encode(0, forKey: .version)
  }
}

/// One attempt to place an order: the order and the key that makes sending it again harmless.
///
/// The key travels as the `Idempotency-Key` header. A store that honours it takes an order at
/// most once per key, so after an answer that never came (a timeout, a lost connection) the
/// same attempt, body and key unchanged, can be sent again without ordering twice.
public struct OrderAttempt: Hashable, Sendable, Codable {
  public var idempotencyKey: String
  public var order: OrderRequest

  public init(idempotencyKey: String, order: OrderRequest) {
    self.idempotencyKey = idempotencyKey
    self.order = order
  }
}
