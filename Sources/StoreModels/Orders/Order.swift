import Foundation

/// The order the cart sends: FakeStore's documented cart shape,
/// `{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":2}]}`,
/// and from checkout also where it ships (`shipping`), how (`delivery`), each line's price as the
/// shopper saw it and the total they agreed to (`total`). A plain FakeStore client sends none of
/// those and still orders; the store then keeps an order with no address.
public struct OrderRequest: Hashable, Sendable, Codable {
  public var userId: Int
  public var date: Date
  public var products: [Line]
  public var shipping: ShippingAddress?
  public var delivery: DeliveryMethod?
  /// The total the shopper agreed to: the server compares it with its own and refuses a
  /// different one (409), so nobody pays what they did not see.
  public var total: Money?

  public init(
    userId: Int, date: Date, products: [Line], shipping: ShippingAddress? = nil, delivery: DeliveryMethod? = nil,
    total: Money? = nil
  ) {
    self.userId = userId
    self.date = date
    self.products = products
    self.shipping = shipping
    self.delivery = delivery
    self.total = total
  }

  /// One product and how many of it; with `price`, the unit price the shopper saw (in a stored
  /// order, the price it was sold at).
  public struct Line: Hashable, Sendable, Codable {
    public var productId: Int
    public var quantity: Int
    public var price: Money?

    public init(productId: Int, quantity: Int, price: Money? = nil) {
      self.productId = productId
      self.quantity = quantity
      self.price = price
    }
  }
}

/// What the store answers to an order: the created cart, with the number it was given, and
/// from a store that charges checkout, what it charged (the same fields as ``StoredOrder``'s).
public struct OrderConfirmation: Hashable, Sendable, Codable {
  /// The order number; FakeStore always assigns one, other servers may not.
  public var id: Int?
  public var userId: Int
  public var products: [OrderRequest.Line]
  public var checkout: OrderCheckout?

  public init(id: Int?, userId: Int, products: [OrderRequest.Line], checkout: OrderCheckout? = nil) {
    self.id = id
    self.userId = userId
    self.products = products
    self.checkout = checkout
  }

  private enum CodingKeys: String, CodingKey {
    case id, userId, products
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
    userId = try container.decode(Int.self, forKey: .userId)
    products = try container.decode([OrderRequest.Line].self, forKey: .products)
    checkout = try OrderCheckout(flatIn: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(userId, forKey: .userId)
    try container.encode(products, forKey: .products)
    try checkout?.encodeFlat(to: encoder)
  }
}

/// An order as a store keeps it: FakeStore's cart, `{"id":5,"userId":1,
/// "date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":2}],"__v":0}`, and where
/// the store has them, its checkout (`shipping`, `delivery`, `shippingFee`, `total`) and its
/// status with its history (`status`, `statusHistory`). FakeStore's orders and those placed
/// before checkout have none of these: no address, and placed on their date.
public struct StoredOrder: Identifiable, Hashable, Sendable, Codable {
  public var id: Int
  public var userId: Int
  public var date: Date
  public var products: [OrderRequest.Line]
  public var checkout: OrderCheckout?
  /// Every change of status after the order was placed, oldest first.
  public var statusHistory: [OrderStatusChange]

  public init(
    id: Int, userId: Int, date: Date, products: [OrderRequest.Line], checkout: OrderCheckout? = nil,
    statusHistory: [OrderStatusChange] = []
  ) {
    self.id = id
    self.userId = userId
    self.date = date
    self.products = products
    self.checkout = checkout
    self.statusHistory = statusHistory
  }

  /// Where the order is now.
  public var status: OrderStage {
    statusHistory.last?.stage ?? .placed
  }

  /// The whole history, the placing included.
  public var history: [OrderStatusChange] {
    [OrderStatusChange(stage: .placed, at: date)] + statusHistory.filter { $0.stage != .placed }
  }

  private enum CodingKeys: String, CodingKey {
    case id, userId, date, products, status, statusHistory
    case version = "__v"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    userId = try container.decode(Int.self, forKey: .userId)
    date = try container.decode(Date.self, forKey: .date)
    products = try container.decode([OrderRequest.Line].self, forKey: .products)
    statusHistory = try container.decodeIfPresent([OrderStatusChange].self, forKey: .statusHistory) ?? []
    checkout = try OrderCheckout(flatIn: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(userId, forKey: .userId)
    try container.encode(date, forKey: .date)
    try container.encode(products, forKey: .products)
    try container.encode(0, forKey: .version)
    try checkout?.encodeFlat(to: encoder)
    if !statusHistory.isEmpty || checkout != nil {
      try container.encode(status, forKey: .status)
      try container.encode(statusHistory, forKey: .statusHistory)
    }
  }
}

/// What checkout added to an order: where it ships, how, and what the server charged.
public struct OrderCheckout: Hashable, Sendable, Codable {
  public var shipping: ShippingAddress
  public var delivery: DeliveryMethod
  public var shippingFee: Money
  /// The lines at the prices sold plus the shipping fee.
  public var total: Money

  public init(shipping: ShippingAddress, delivery: DeliveryMethod, shippingFee: Money, total: Money) {
    self.shipping = shipping
    self.delivery = delivery
    self.shippingFee = shippingFee
    self.total = total
  }

  private enum FlatKeys: String, CodingKey {
    case shipping, delivery, shippingFee, total
  }

  /// The checkout an order's JSON carries beside FakeStore's fields, or `nil` when it has no
  /// `shipping` (a plain FakeStore order, or one from before checkout).
  init?(flatIn decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FlatKeys.self)
    guard let shipping = try container.decodeIfPresent(ShippingAddress.self, forKey: .shipping) else { return nil }
    self.init(
      shipping: shipping, delivery: try container.decodeIfPresent(DeliveryMethod.self, forKey: .delivery) ?? .standard,
      shippingFee: try container.decodeIfPresent(Money.self, forKey: .shippingFee) ?? .zero,
      total: try container.decodeIfPresent(Money.self, forKey: .total) ?? .zero
    )
  }

  /// Writes the checkout beside the order's other fields.
  func encodeFlat(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FlatKeys.self)
    try container.encode(shipping, forKey: .shipping)
    try container.encode(delivery, forKey: .delivery)
    try container.encode(shippingFee, forKey: .shippingFee)
    try container.encode(total, forKey: .total)
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
