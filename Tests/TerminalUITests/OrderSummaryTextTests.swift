import Foundation
import Shop
import Testing

@testable import TerminalUI

/// How the history writes an order's date and total.
struct OrderSummaryTextTests {
  static let order = StoredOrder(
    id: 9, userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000 + 86_400),
    products: [.init(productId: 2, quantity: 1), .init(productId: 77, quantity: 1)]
  )

  @Test func theTotalSaysWhetherEveryLineCouldBePriced() {
    let another = Product(id: 2, title: "AnotherProduct", price: Money(cents: 9_999), description: "", category: "")
    let partly = OrderSummary(Self.order, products: [ProductFeature.State(product: another)])
    #expect(partly.totalText == "$99.99+", "a line could not be priced")
    #expect(partly.dateText == "2026-11-19 11:06 UTC")
    let all = OrderSummary(StoredOrder(id: 3, userId: 1, date: Self.order.date, products: [.init(productId: 2, quantity: 2)]), products: [ProductFeature.State(product: another)])
    #expect(all.totalText == "$199.98")
    #expect(OrderSummary(Self.order, products: []).totalText == "—", "nothing to price it with")
  }
}
