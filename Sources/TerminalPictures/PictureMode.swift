/// How many colours a picture may use: what the terminal can show.
public enum PictureColors: String, CaseIterable, Hashable, Sendable {
  /// 24-bit colour (`COLORTERM=truecolor`).
  case truecolor
  /// xterm's 256-colour palette.
  case indexed256
  /// The sixteen colours of every colour terminal.
  case indexed16
  /// No colour: the picture is told by its symbols alone.
  case none
}

/// How pictures are drawn on one terminal: with which symbols, in how many colours, and the
/// shape of its cells, so that a square picture stays square.
public struct PictureMode: Hashable, Sendable {
  public var symbols: PictureSymbols
  public var colors: PictureColors
  /// A cell's width divided by its height. Terminals' cells are about twice as tall as wide;
  /// where the terminal reports its size in pixels, the exact ratio is used.
  public var cellAspect: Double

  /// The ratio most terminal fonts have.
  public static let usualCellAspect = 0.5

  public init(symbols: PictureSymbols, colors: PictureColors, cellAspect: Double = PictureMode.usualCellAspect) {
    self.symbols = symbols
    self.colors = colors
    // A window reporting nonsense (0 pixels, or a cell 10 times as wide as tall) gets the usual.
    self.cellAspect = (0.2...2).contains(cellAspect) ? cellAspect : Self.usualCellAspect
  }

  /// The cell shape from a window's size in cells and in pixels (`TIOCGWINSZ`), when it
  /// reports pixels; otherwise ``usualCellAspect``.
  public static func cellAspect(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) -> Double {
    guard columns > 0, rows > 0, pixelWidth > 0, pixelHeight > 0 else { return usualCellAspect }
    return (Double(pixelWidth) / Double(columns)) / (Double(pixelHeight) / Double(rows))
  }
}
