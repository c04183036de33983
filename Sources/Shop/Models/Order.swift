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

  /// The order for these cart items.
  public init(userId: Int, date: Date, items: some Sequence<CartItem>) {
    self.init(
      userId: userId,
      date: date,
      products: items.map { Line(productId: $0.product.id, quantity: $0.quantity) }
    )
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

/// One attempt to place an order: the order and the key that makes sending it again harmless.
///
/// The key travels as the `Idempotency-Key` header. A store that honours it takes an order at
/// most once per key, so after an answer that never came (a timeout, a lost connection) the
/// same attempt, body and key unchanged, can be sent again without ordering twice.
public struct OrderAttempt: Hashable, Sendable {
  public var idempotencyKey: String
  public var order: OrderRequest

  public init(idempotencyKey: String, order: OrderRequest) {
    self.idempotencyKey = idempotencyKey
    self.order = order
  }
}
