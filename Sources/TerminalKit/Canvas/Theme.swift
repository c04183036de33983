/// The styles screens draw with, by role rather than by colour.
///
/// ``color`` follows the original app: blue for actions, red for delete, dim for what is
/// disabled. ``monochrome`` is used when `NO_COLOR` is set or the terminal has no colours;
/// focus and selection stay visible through reverse video and bold, never through colour alone.
public struct Theme: Hashable, Sendable {
  public var name: String
  /// Ordinary text.
  public var text: Style
  /// Secondary text: descriptions, hints, borders.
  public var secondary: Style
  /// Screen and dialog titles.
  public var title: Style
  /// Buttons and other things that act.
  public var action: Style
  /// The button the keyboard is on.
  public var focus: Style
  /// A button that does nothing right now.
  public var disabled: Style
  /// The highlighted row of a list.
  public var selection: Style
  /// The delete button, destructive alert buttons.
  public var danger: Style
  /// Prices and totals.
  public var price: Style
  /// The key in a key hint.
  public var key: Style
  /// The selected tab.
  public var selectedTab: Style
  /// Notices that need attention.
  public var warning: Style

  public static let color = Theme(
    name: "color",
    text: .plain,
    secondary: Style(dim: true),
    title: Style(bold: true),
    action: Style(foreground: .blue, bold: true),
    focus: Style(foreground: .blue, bold: true, reversed: true),
    disabled: Style(dim: true),
    selection: Style(foreground: .blue, reversed: true),
    danger: Style(foreground: .red),
    price: Style(foreground: .green),
    key: Style(foreground: .cyan, bold: true),
    selectedTab: Style(foreground: .blue, bold: true, reversed: true),
    warning: Style(foreground: .yellow, bold: true)
  )

  public static let monochrome = Theme(
    name: "monochrome",
    text: .plain,
    secondary: Style(dim: true),
    title: Style(bold: true),
    action: Style(bold: true),
    focus: Style(bold: true, reversed: true),
    disabled: Style(dim: true),
    selection: Style(reversed: true),
    danger: Style(underlined: true),
    price: .plain,
    key: Style(bold: true),
    selectedTab: Style(bold: true, reversed: true),
    warning: Style(bold: true)
  )
}
