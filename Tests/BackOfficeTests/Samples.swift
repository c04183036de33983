import BackOffice
import Foundation
import Shop

/// Orders and products the back office's tests work with.
enum Samples {
  static let placedAt = Date(timeIntervalSince1970: 1_795_260_000)

  static let address = ShippingAddress(
    fullName: "Ana Lima", line1: "12 Main Street", line2: "", city: "San Francisco", region: "CA", postalCode: "94110", country: "US",
    email: "ana@example.com", phone: "+1 415 555 0100"
  )

  static func product(_ id: Int, _ title: String, cents: Int) -> Product {
    Product(id: id, title: title, price: Money(cents: cents), category: "stationery", rating: .init(rate: 4, count: 10))
  }

  static let catalog = [product(1, "Dot-grid notebook", cents: 1_450), product(2, "Brass pen", cents: 3_295), product(3, "Letter set", cents: 1_200)]

  /// Order `id`, `id` minutes after ``placedAt``, of `quantity` of product `product`, shipping to ``address``.
  static func order(_ id: Int, customer: Int = 1, product: Int = 1, quantity: Int = 2, history: [OrderStatusChange] = []) -> StoredOrder {
    let price = catalog.first { $0.id == product }?.price ?? Money(cents: 1_000)
    return StoredOrder(
      id: id, userId: customer, date: placedAt.addingTimeInterval(Double(id) * 60),
      products: [.init(productId: product, quantity: quantity, price: price)],
      checkout: OrderCheckout(shipping: address, delivery: .standard, shippingFee: Money(cents: 500), total: price * quantity + Money(cents: 500)),
      statusHistory: history
    )
  }

  /// Orders `ids`, newest first as the store lists them.
  static func orders(_ ids: ClosedRange<Int>) -> [StoredOrder] {
    ids.reversed().map { order($0) }
  }

  static func moved(_ order: StoredOrder, to request: OrderStatusRequest) -> StoredOrder {
    var moved = order
    moved.statusHistory.append(
      OrderStatusChange(stage: request.status, at: placedAt.addingTimeInterval(3_600), carrier: request.carrier, tracking: request.tracking, reason: request.reason)
    )
    return moved
  }
}
