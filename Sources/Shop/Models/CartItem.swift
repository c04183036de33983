import Foundation

/// A product in the cart and how many of it.
public struct CartItem: Identifiable, Hashable, Sendable {
  public var product: Product
  public var quantity: Int

  public init(product: Product, quantity: Int) {
    self.product = product
    self.quantity = quantity
  }

  /// A cart item is identified by its product: a product is in the cart at most once.
  public var id: Product.ID { product.id }

  /// Unit price times quantity.
  public var subtotal: Money { product.price * quantity }
}

extension OrderRequest {
  /// The order for these cart items.
  public init(userId: Int, date: Date, items: some Sequence<CartItem>) {
    self.init(
      userId: userId,
      date: date,
      products: items.map { Line(productId: $0.product.id, quantity: $0.quantity) }
    )
  }
}

extension OrderRequest {
  /// Whether `other` is this order sent again: the same customer, lines, address, delivery
  /// and total, whatever its date. Paying again for it reuses the first attempt's key.
  public func isSameOrder(as other: OrderRequest) -> Bool {
    userId == other.userId && products == other.products && shipping == other.shipping && delivery == other.delivery
      && total == other.total
  }
}
