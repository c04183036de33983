/// What the tab bar says of the cart, as data: the screens write it (`CartSummary+Text.swift`
/// in TerminalUI).
public enum CartSummary: Hashable, Sendable {
  /// The saved cart is read but its products have not loaded yet: never "empty" meanwhile.
  case restoring(units: Int)
  /// The listed products in the cart, and the lines the store does not list now.
  case contents(units: Int, total: Money, unavailableLines: Int)

  init(units: Int, total: Money, unavailableLines: Int) {
    self = .contents(units: units, total: total, unavailableLines: unavailableLines)
  }
}
