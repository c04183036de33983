import TerminalKit

/// The colour pairs defined on the terminal, and which pair each foreground–background
/// combination has.
///
/// A terminal has a fixed number of pairs (`COLOR_PAIRS`: 256 on some, 65,536 on xterm-256color)
/// and pictures use many combinations. Pairs are handed out until they run out; then the frame
/// is drawn again with the pairs recycled, starting from nothing, so only that frame's own
/// combinations hold pairs. A frame that alone needs more pairs than the terminal has draws the
/// cells beyond them in the default colours.
struct ColorPairs {
  /// A combination of two colour numbers (-1 is the terminal's default).
  struct Key: Hashable {
    var foreground: Int
    var background: Int
  }

  private var pairs: [Key: Int] = [:]
  /// The pair of each style's two colours, as last handed out: a frame asks for the same few
  /// hundred again and again, and the colour numbers need not be worked out each time.
  private var byColors: [StyleColors: Int32] = [:]

  /// A style's foreground and background, as the kit gives them.
  struct StyleColors: Hashable {
    var foreground: Color?
    var background: Color?
  }
  /// Set when a pair was asked for and none was left.
  private(set) var ranOut = false
  /// The pairs handed out since the last recycling.
  var count: Int { pairs.count }

  mutating func beginFrame() {
    ranOut = false
  }

  mutating func recycle() {
    pairs.removeAll(keepingCapacity: true)
    byColors.removeAll(keepingCapacity: true)
    ranOut = false
  }

  /// The pair for `colors` on a terminal with `colors` colours and `available` pairs.
  mutating func pair(for colors: StyleColors, colorCount: Int, available: Int, define: (Key, Int) -> Void) -> Int32 {
    if let pair = byColors[colors] { return pair }
    let key = Key(foreground: Self.number(of: colors.foreground, colors: colorCount), background: Self.number(of: colors.background, colors: colorCount))
    let pair = self.pair(for: key, available: available) { define(key, $0) }
    if pair != 0 { byColors[colors] = pair }
    return pair
  }

  /// The pair for `key`, defined through `define` the first time; 0 (the default colours) when
  /// all `available` pairs are taken. Pair 0 is the terminal's own and never redefined.
  mutating func pair(for key: Key, available: Int, define: (Int) -> Void) -> Int32 {
    if let pair = pairs[key] { return Int32(pair) }
    let pair = pairs.count + 1
    guard pair < available else {
      ranOut = true
      return 0
    }
    define(pair)
    pairs[key] = pair
    return Int32(pair)
  }

  /// The number a terminal with `colors` colours knows `color` by: a named colour's own; an
  /// exact one as itself (`0xRRGGBB`) on a direct-colour terminal, else the nearest of the 256
  /// where there are 256, else of the eight.
  static func number(of color: Color?, colors: Int) -> Int {
    guard let color else { return -1 }
    if let named = color.namedIndex { return named }
    guard case let .rgb(red, green, blue) = color else { return -1 }
    if colors >= 0x100_0000 {
      // Direct-colour terminfo sends values below 8 as the eight named colours.
      return max(8, Int(red) << 16 | Int(green) << 8 | Int(blue))
    }
    return colors >= 256 ? color.paletteIndex : color.nearestNamed.namedIndex!
  }
}
