import Foundation
import Shop

extension Product {
  /// The original app's test products.
  static let demo = Product(
    id: 1, title: "ProductDemo", price: Money(cents: 1050), description: "Hi mom!",
    category: "Category1"
  )
  static let another = Product(
    id: 2, title: "AnotherProduct", price: Money(cents: 9999), description: "Hi dad!",
    category: "Category2"
  )

  /// The original app's cart samples: $22.30 and $109.95.
  static let tShirt = Product(
    id: 2, title: "Mens Casual Premium Slim Fit T-Shirts", price: Money(cents: 2230),
    category: "men's clothing"
  )
  static let backpack = Product(
    id: 1, title: "Fjallraven - Foldsack No. 1 Backpack, Fits 15 Laptops",
    price: Money(cents: 10995), category: "men's clothing"
  )
}

extension UserProfile {
  static let john = UserProfile(
    id: 1, email: "john@gmail.com", username: "johnd",
    name: Name(firstname: "john", lastname: "doe")
  )
}

extension Date {
  /// A fixed moment for orders made in tests.
  static let orderDate = Date(timeIntervalSince1970: 1_795_000_000)
}

extension OrderRequest {
  /// This order as an attempt with `key`.
  func attempt(_ key: String = "00000000-0000-0000-0000-000000000000") -> OrderAttempt {
    OrderAttempt(idempotencyKey: key, order: self)
  }
}
