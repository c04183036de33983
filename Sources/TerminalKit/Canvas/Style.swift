/// The eight colours every colour terminal has.
public enum Color: String, CaseIterable, Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn: colours (`nil` is the terminal's own) and attributes.
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var isBold: Bool
  public var isDim: Bool
  public var isReversed: Bool
  public var isUnderlined: Bool

  public init(
    foreground: Color? = nil,
    background: Color? = nil,
    bold: Bool = false,
    dim: Bool = false,
    reversed: Bool = false,
    underlined: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = bold
    self.isDim = dim
    self.isReversed = reversed
    self.isUnderlined = underlined
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// This style with `other`'s colours and attributes added on top.
  public func adding(_ other: Style) -> Style {
    Style(
      foreground: other.foreground ?? foreground,
      background: other.background ?? background,
      bold: isBold || other.isBold,
      dim: isDim || other.isDim,
      reversed: isReversed || other.isReversed,
      underlined: isUnderlined || other.isUnderlined
    )
  }

  /// `bold reversed fg:blue` — how snapshot legends name a style.
  public var summary: String {
    var parts: [String] = []
    if isBold { parts.append("bold") }
    if isDim { parts.append("dim") }
    if isReversed { parts.append("reversed") }
    if isUnderlined { parts.append("underlined") }
    if let foreground { parts.append("fg:\(foreground.rawValue)") }
    if let background { parts.append("bg:\(background.rawValue)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
