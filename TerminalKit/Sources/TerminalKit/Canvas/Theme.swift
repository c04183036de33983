/// The styles screens draw with, by role rather than by colour.
///
/// The kit's own roles are the properties below; an app adds its own as ``ThemeRole``s (a shop
/// its prices) and reads them with `theme[.price]`: each role says how it looks in colour and
/// without, and a theme can set it otherwise (``setting(_:to:)``).
///
/// ``color`` follows the original app: blue for actions, red for delete, dim for what is
/// disabled. ``monochrome`` is used when `NO_COLOR` is set or the terminal has no colours;
/// focus and selection stay visible through reverse video and bold, never through colour alone.
public struct Theme: Hashable, Sendable {
  public var name: String
  /// Whether the theme draws in colour: an app's role takes its colour style or its plain one.
  public var hasColor: Bool
  /// The app's roles this theme sets otherwise than their own defaults, by name.
  public var roles: [String: Style] = [:]
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
  /// The key in a key hint.
  public var key: Style
  /// The selected tab.
  public var selectedTab: Style
  /// Notices that need attention.
  public var warning: Style

  public static let color = Theme(
    name: "color",
    hasColor: true,
    text: .plain,
    secondary: Style(dim: true),
    title: Style(bold: true),
    action: Style(foreground: .blue, bold: true),
    focus: Style(foreground: .blue, bold: true, reversed: true),
    disabled: Style(dim: true),
    selection: Style(foreground: .blue, reversed: true),
    danger: Style(foreground: .red),
    key: Style(foreground: .cyan, bold: true),
    selectedTab: Style(foreground: .blue, bold: true, reversed: true),
    warning: Style(foreground: .yellow, bold: true)
  )

  public static let monochrome = Theme(
    name: "monochrome",
    hasColor: false,
    text: .plain,
    secondary: Style(dim: true),
    title: Style(bold: true),
    action: Style(bold: true),
    focus: Style(bold: true, reversed: true),
    disabled: Style(dim: true),
    selection: Style(reversed: true),
    danger: Style(underlined: true),
    key: Style(bold: true),
    selectedTab: Style(bold: true, reversed: true),
    warning: Style(bold: true)
  )
}

/// A role an app adds to the theme: its name, and how it looks with colours and without.
///
/// ```swift
/// extension ThemeRole {
///   static let price = ThemeRole("price", color: Style(foreground: .green))
/// }
/// frame.draw("$9.99", at: point, style: frame.theme[.price])
/// ```
public struct ThemeRole: Hashable, Sendable {
  public let name: String
  public let color: Style
  public let monochrome: Style

  public init(_ name: String, color: Style, monochrome: Style = .plain) {
    self.name = name
    self.color = color
    self.monochrome = monochrome
  }
}

extension Theme {
  /// The style of an app's role in this theme.
  public subscript(role: ThemeRole) -> Style {
    roles[role.name] ?? (hasColor ? role.color : role.monochrome)
  }

  /// This theme with `role` drawn as `style`.
  public func setting(_ role: ThemeRole, to style: Style) -> Theme {
    var theme = self
    theme.roles[role.name] = style
    return theme
  }
}
