import Boundaries
import Foundation

/// An order as the history shows it: its lines named from the products the store lists now and
/// priced as sold (an order from checkout keeps its prices) or else at today's prices, and their
/// total — the store's own, shipping included, for an order from checkout. A line whose product
/// the store does not list is named by its id, and without a price kept has none; the total then
/// counts what can be priced and says it is partial.
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
        subtotal: (line.price ?? product?.price).map { $0 * line.quantity }
      )
    }
  }

  public var unitCount: Int { lines.reduce(0) { $0 + $1.quantity } }
  public var total: Money { order.checkout?.total ?? lines.sum { $0.subtotal ?? .zero } }
  /// Whether every line could be priced (or the store said what the order cost).
  public var isTotalComplete: Bool { order.checkout != nil || lines.allSatisfy { $0.subtotal != nil } }

  /// Whether any line could be priced (the products have loaded, and the store sells one of them).
  public var hasPricedLine: Bool { order.checkout != nil || lines.contains { $0.subtotal != nil } }
}
