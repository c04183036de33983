import CChafa
import TerminalKit

/// A colour with 8 bits a channel.
public struct RGB: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// From libchafa's packed `0xRRGGBB`.
  init(packed: Int32) {
    red = UInt8((packed >> 16) & 0xFF)
    green = UInt8((packed >> 8) & 0xFF)
    blue = UInt8(packed & 0xFF)
  }
}

/// Which symbols a picture may be drawn with: finer ones show more detail, and need a font
/// that has them.
public enum PictureSymbols: String, CaseIterable, Hashable, Sendable {
  /// ▀ ▄ █ and space: two pixels a cell, in every font.
  case halfBlocks
  /// ▘ ▝ ▖ ▗ and the rest: four pixels a cell.
  case quadrants
  /// Unicode 13's sextants: six pixels a cell, in recent fonts.
  case sextants
  /// Letters and punctuation only, for terminals without block glyphs.
  case ascii
}

/// One cell of a picture: a symbol, the colour of its ink and the colour behind it.
public struct PictureCell: Hashable, Sendable {
  public var symbol: Character
  public var foreground: RGB
  public var background: RGB
}

/// A picture drawn as cells, row by row.
public struct SymbolPicture: Hashable, Sendable {
  public let size: Size
  public let cells: [PictureCell]
  /// Whether the cells' colours are the picture's; without colour (``PictureColors/none``) only
  /// the symbols tell it, drawn in the terminal's own colours.
  public let isColored: Bool

  public init(size: Size, cells: [PictureCell], isColored: Bool = true) {
    self.size = size
    self.cells = cells
    self.isColored = isColored
  }

  public subscript(x: Int, y: Int) -> PictureCell {
    cells[y * size.width + x]
  }
}

/// Pixels in, a ``SymbolPicture`` out, through libchafa in symbols mode with true colour.
///
/// Every size is bounded before libchafa sees it: the source at ``maximumPixels`` and with a
/// buffer that holds exactly its pixels, the result at ``Canvas/maximumSize``.
public enum SymbolRenderer {
  /// 16 megapixels: the most a picture may have (a larger one is refused, not scaled) — far
  /// more than the 40×20 cells of a details pane can show.
  public static let maximumPixels = 16_000_000

  public enum Failure: Error, Equatable, Sendable {
    case emptyPicture
    case tooManyPixels(width: Int, height: Int)
    case bufferSizeMismatch(expected: Int, actual: Int)
    case noRoom
  }

  /// Draws `rgba` — `width` × `height` pixels, 4 bytes each (red, green, blue, alpha), rows
  /// without padding — into `size` cells with `symbols`, in `colors`. The picture fills the
  /// size; ``fittedSize(width:height:in:cellAspect:)`` says which size keeps its shape.
  public static func render(
    rgba: [UInt8], width: Int, height: Int, into size: Size, symbols: PictureSymbols, colors: PictureColors = .truecolor
  ) throws(Failure) -> SymbolPicture {
    try rgba.withUnsafeBufferPointer { pixels in
      Result { () throws(Failure) in try render(pixels: pixels, width: width, height: height, into: size, symbols: symbols, colors: colors) }
    }.get()
  }

  /// As ``render(rgba:width:height:into:symbols:colors:)``, from a decoder's own buffer.
  public static func render(
    rgba: PixelBuffer, width: Int, height: Int, into size: Size, symbols: PictureSymbols, colors: PictureColors = .truecolor
  ) throws(Failure) -> SymbolPicture {
    try rgba.withUnsafeBufferPointer { pixels throws(Failure) in
      try render(pixels: pixels, width: width, height: height, into: size, symbols: symbols, colors: colors)
    }
  }

  private static func render(
    pixels rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, into size: Size, symbols: PictureSymbols, colors: PictureColors
  ) throws(Failure) -> SymbolPicture {
    guard width > 0, height > 0 else { throw .emptyPicture }
    guard width <= maximumPixels / height else { throw .tooManyPixels(width: width, height: height) }
    guard rgba.count == width * height * 4 else { throw .bufferSizeMismatch(expected: width * height * 4, actual: rgba.count) }
    let columns = min(size.width, Canvas.maximumSize.width)
    let rows = min(size.height, Canvas.maximumSize.height)
    guard columns > 0, rows > 0 else { throw .noRoom }
    _ = singleThreaded

    let symbolMap = chafa_symbol_map_new()
    defer { chafa_symbol_map_unref(symbolMap) }
    chafa_symbol_map_add_by_tags(symbolMap, tags(for: symbols))
    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_canvas_mode(config, canvasMode(for: colors))
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
    chafa_canvas_config_set_symbol_map(config, symbolMap)
    let canvas = chafa_canvas_new(config)
    defer { chafa_canvas_unref(canvas) }
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba.baseAddress, Int32(width), Int32(height), Int32(width * 4))
    var cells: [PictureCell] = []
    cells.reserveCapacity(columns * rows)
    for y in 0..<rows {
      for x in 0..<columns {
        let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
        var foreground: Int32 = 0
        var background: Int32 = 0
        chafa_canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
        let symbol = Unicode.Scalar(code).map(Character.init) ?? " "
        cells.append(PictureCell(symbol: symbol, foreground: RGB(packed: foreground), background: RGB(packed: background)))
      }
    }
    return SymbolPicture(size: Size(width: columns, height: rows), cells: cells, isColored: colors != .none)
  }

  /// Draws `picture` in `mode` as large as it fits in `area` without changing its shape.
  public static func render(_ picture: DecodedPicture, fitting area: Size, mode: PictureMode) throws(Failure) -> SymbolPicture {
    let size = fittedSize(width: picture.width, height: picture.height, in: area, cellAspect: mode.cellAspect)
    return try render(rgba: picture.rgba, width: picture.width, height: picture.height, into: size, symbols: mode.symbols, colors: mode.colors)
  }

  /// The most cells, at most `area`, that a `width` × `height` picture fills without being
  /// stretched, on cells `cellAspect` as wide as tall. Small pictures are scaled up to it.
  public static func fittedSize(width: Int, height: Int, in area: Size, cellAspect: Double) -> Size {
    guard width > 0, height > 0, area.width > 0, area.height > 0 else { return Size(width: 0, height: 0) }
    var columns = Int32(min(area.width, Canvas.maximumSize.width))
    var rows = Int32(min(area.height, Canvas.maximumSize.height))
    chafa_calc_canvas_geometry(Int32(clamping: width), Int32(clamping: height), &columns, &rows, Float(cellAspect), 1, 0)
    return Size(width: max(1, Int(columns)), height: max(1, Int(rows)))
  }

  /// libchafa draws with a pool of threads, one per core, that then live as long as the
  /// process. A product picture is a few hundred cells, drawn off the main loop already: one
  /// thread does it in milliseconds, and every SSH session's store is spared the pool.
  private static let singleThreaded: Void = chafa_set_n_threads(1)

  static func canvasMode(for colors: PictureColors) -> ChafaCanvasMode {
    switch colors {
    case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
    // The cube and the greys: not the sixteen, which a terminal's theme may have redefined.
    case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
    case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
    case .none: CHAFA_CANVAS_MODE_FGBG
    }
  }

  static func tags(for symbols: PictureSymbols) -> ChafaSymbolTags {
    switch symbols {
    case .halfBlocks: ChafaSymbolTags(CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue)
    case .quadrants: ChafaSymbolTags(CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue)
    case .sextants: ChafaSymbolTags(CHAFA_SYMBOL_TAG_SEXTANT.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue)
    case .ascii: ChafaSymbolTags(CHAFA_SYMBOL_TAG_ASCII.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue)
    }
  }
}
