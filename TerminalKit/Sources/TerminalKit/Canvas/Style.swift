/// A colour: one of the eight every colour terminal has, which screens draw with by role (see
/// ``Theme``), or any colour, 8 bits a channel, for pictures.
///
/// An exact colour is shown exactly where the output can (ANSI with true colour, SVG), and as
/// the nearest of xterm's 256 colours, or of the eight, where it cannot (``paletteIndex``,
/// ``nearestNamed``).
public enum Color: Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// The eight named colours, in the terminal's order (black 0 … white 7).
  public static let named: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

  /// `blue`, or `#rrggbb` for an exact colour.
  public var name: String {
    switch self {
    case .black: "black"
    case .red: "red"
    case .green: "green"
    case .yellow: "yellow"
    case .blue: "blue"
    case .magenta: "magenta"
    case .cyan: "cyan"
    case .white: "white"
    case let .rgb(red, green, blue): "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  /// The number of a named colour (0…7); `nil` for an exact one.
  public var namedIndex: Int? { Color.named.firstIndex(of: self) }

  /// The nearest colour of xterm's 256-colour palette: a named colour's own number, an exact
  /// one's place in the 6×6×6 cube (16…231) or on the grey ramp (232…255), whichever is closer.
  public var paletteIndex: Int {
    guard case let .rgb(red, green, blue) = self else { return namedIndex! }
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
    }
    let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
    let cube = (index: 16 + 36 * r + 6 * g + b, color: (levels[r], levels[g], levels[b]))
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let step = max(0, min(23, (average - 8 + 5) / 10))
    let grey = (index: 232 + step, color: (8 + 10 * step, 8 + 10 * step, 8 + 10 * step))
    func distance(_ color: (Int, Int, Int)) -> Int {
      let (dr, dg, db) = (color.0 - Int(red), color.1 - Int(green), color.2 - Int(blue))
      return dr * dr + dg * dg + db * db
    }
    return distance(grey.color) < distance(cube.color) ? grey.index : cube.index
  }

  /// The nearest of the eight, for a terminal that has no more: each channel on or off.
  public var nearestNamed: Color {
    guard case let .rgb(red, green, blue) = self else { return self }
    let index = (red >= 128 ? 1 : 0) + (green >= 128 ? 2 : 0) + (blue >= 128 ? 4 : 0)
    return Color.named[index]
  }
}

/// How a cell is drawn: colours (`nil` is the terminal's own) and attributes.
///
/// Italic and strikethrough are shown where the output has them: the ANSI and SVG exports and
/// terminals whose terminfo says so (curses draws italic where `sitm` exists; it has no
/// strikethrough, so a curses screen leaves that one out and the text stays readable).
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var isBold: Bool
  public var isDim: Bool
  public var isReversed: Bool
  public var isUnderlined: Bool
  public var isItalic: Bool
  public var isStruckThrough: Bool

  public init(
    foreground: Color? = nil,
    background: Color? = nil,
    bold: Bool = false,
    dim: Bool = false,
    reversed: Bool = false,
    underlined: Bool = false,
    italic: Bool = false,
    struckThrough: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = bold
    self.isDim = dim
    self.isReversed = reversed
    self.isUnderlined = underlined
    self.isItalic = italic
    self.isStruckThrough = struckThrough
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
      underlined: isUnderlined || other.isUnderlined,
      italic: isItalic || other.isItalic,
      struckThrough: isStruckThrough || other.isStruckThrough
    )
  }

  /// `bold reversed fg:blue` — how snapshot legends name a style.
  public var summary: String {
    var parts: [String] = []
    if isBold { parts.append("bold") }
    if isDim { parts.append("dim") }
    if isReversed { parts.append("reversed") }
    if isUnderlined { parts.append("underlined") }
    if isItalic { parts.append("italic") }
    if isStruckThrough { parts.append("struck") }
    if let foreground { parts.append("fg:\(foreground.name)") }
    if let background { parts.append("bg:\(background.name)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
