import Shop
import StoreModels

extension OrderSummary {
  /// `2026-11-21 10:00 UTC`.
  var dateText: String {
    let iso = StoreJSON.format(order.date)
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
  }

  /// `$78.40`; `$78.40+` when some lines could not be priced; `—` when none could (the
  /// products have not been loaded, or the store sells none of them now).
  var totalText: String {
    guard hasPricedLine else { return "—" }
    return total.formatted + (isTotalComplete ? "" : "+")
  }
}
