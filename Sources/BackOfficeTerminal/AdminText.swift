import BackOffice
import Foundation
import Shop

/// How the back office words what it shows: dates in UTC, totals, customers, stock.
enum AdminText {
  /// "2026-11-21 10:05", in UTC: every operator reads the same time for the same order.
  static func date(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
  }

  /// What the order comes to: the total it was charged, or its lines at the prices they were
  /// placed at (the catalog's for an order from before prices were kept).
  static func total(of order: StoredOrder, in app: BackOfficeFeature.State) -> Money {
    order.checkout?.total ?? itemsTotal(of: order, in: app)
  }

  static func itemsTotal(of order: StoredOrder, in app: BackOfficeFeature.State) -> Money {
    order.products.reduce(Money.zero) { sum, line in
      sum + (line.price ?? app.product(line.productId)?.price ?? .zero) * line.quantity
    }
  }

  static func units(of order: StoredOrder) -> Int {
    order.products.reduce(0) { $0 + $1.quantity }
  }

  /// Account customers by number, key shoppers as "key 1001".
  static func customer(_ number: Int) -> String {
    Customer.keyShopperNumbers.contains(number) ? "key \(number)" : "\(number)"
  }

  static func stock(_ stock: Int?) -> String {
    guard let stock else { return "no limit" }
    return stock == 0 ? "sold out" : "\(stock)"
  }
}
