/// What the tab bar says of the cart: `Cart: 3 items · $242.20`.
public enum CartSummary: Hashable, Sendable {
  /// The saved cart is read but its products have not loaded yet: never "empty" meanwhile.
  case restoring(units: Int)
  /// The listed products in the cart, and the lines the store does not list now.
  case contents(units: Int, total: Money, unavailableLines: Int)

  init(units: Int, total: Money, unavailableLines: Int) {
    self = .contents(units: units, total: total, unavailableLines: unavailableLines)
  }

  /// `Cart: 3 items · $242.20`, `Cart: empty`, `Cart: restoring 3 items…`,
  /// `Cart: 1 item · $9.00 · 2 unavailable`.
  public var text: String {
    switch self {
    case let .restoring(units):
      return "Cart: restoring \(Self.items(units))…"
    case let .contents(units, total, unavailable):
      var parts = [units > 0 ? "\(Self.items(units)) · \(total.formatted)" : unavailable > 0 ? "" : "empty"]
      if unavailable > 0 { parts.append("\(unavailable) unavailable") }
      return "Cart: " + parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }
  }

  /// For a narrow tab bar: `3 · $242.20`, `empty`, `restoring 3…`, `1 · $9.00 · 2 unavailable`.
  public var compactText: String {
    switch self {
    case let .restoring(units):
      return "restoring \(units)…"
    case let .contents(units, total, unavailable):
      var parts = [units > 0 ? "\(units) · \(total.formatted)" : unavailable > 0 ? "" : "empty"]
      if unavailable > 0 { parts.append("\(unavailable) unavailable") }
      return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }
  }

  private static func items(_ count: Int) -> String {
    "\(count) \(count == 1 ? "item" : "items")"
  }
}
