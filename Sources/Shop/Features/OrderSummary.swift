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

  /// `2026-11-21 10:00 UTC`.
  public var dateText: String {
    let iso = StoreJSON.format(order.date)
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
  }

  /// `$78.40`; `$78.40+` when some lines could not be priced; `—` when none could (the
  /// products have not been loaded, or the store sells none of them now).
  public var totalText: String {
    guard lines.contains(where: { $0.subtotal != nil }) else { return "—" }
    return total.formatted + (isTotalComplete ? "" : "+")
  }
}
