import Foundation
import Shop
import StoreModels

extension OrderSummary {
  /// `2026-11-21 10:00 UTC`.
  var dateText: String {
    Self.timeText(order.date)
  }

  /// Where it is: "Placed", "Shipped with UPS, 1Z999", "Cancelled: out of stock".
  var statusText: String {
    order.history.last?.summary ?? order.status.name
  }

  /// "to Ana Kim, Seoul, express"; "no address" for an order that has none.
  var shipToText: String {
    order.checkout.map { "to \($0.shipping.fullName), \($0.shipping.city), \($0.delivery.rawValue)" } ?? "no address"
  }

  /// `2026-11-21 10:00 UTC` for any time.
  static func timeText(_ date: Date) -> String {
    let iso = StoreJSON.format(date)
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
  }

  /// `$78.40`; `$78.40+` when some lines could not be priced; `—` when none could (the
  /// products have not been loaded, or the store sells none of them now).
  var totalText: String {
    guard hasPricedLine else { return "—" }
    return total.formatted + (isTotalComplete ? "" : "+")
  }
}
