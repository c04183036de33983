import TerminalKit

extension ThemeRole {
  /// Prices and totals: green in colour, plain without.
  static let price = ThemeRole("price", color: Style(foreground: .green))
}
