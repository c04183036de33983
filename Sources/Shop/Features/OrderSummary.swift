import Boundaries
import Foundation

/// An order as the history shows it: its lines named and priced from the products the store
/// lists now, and their total. A line whose product the store does not list is named by its id
/// and has no price; the total then counts what can be priced and says it is partial.
public struct OrderSummary: Hashable, Sendable {
  public struct Line: Hashable, Sendable {
    public var title: String
    public var quantity: Int
    public var subtotal: Money?
  }

  public var order: StoredOrder
  public var lines: [Line]

  /// Prices `order` from `products`. The app prices its orders with
  /// ``AppFeature/State/orderSummary(of:)``, from the product list it owns.
  public init(_ order: StoredOrder, products: IdentifiedArrayOf<ProductFeature.State>) {
    self.order = order
    self.lines = order.products.map { line in
      let product = products[id: line.productId]?.product
      return Line(
        title: product?.title ?? "Product #\(line.productId)", quantity: line.quantity,
        subtotal: product.map { $0.price * line.quantity }
      )
    }
  }

  public var unitCount: Int { lines.reduce(0) { $0 + $1.quantity } }
  public var total: Money { lines.sum { $0.subtotal ?? .zero } }
  /// Whether every line could be priced.
  public var isTotalComplete: Bool { lines.allSatisfy { $0.subtotal != nil } }

  /// Whether any line could be priced (the products have loaded, and the store sells one of them).
  public var hasPricedLine: Bool { lines.contains { $0.subtotal != nil } }
}
