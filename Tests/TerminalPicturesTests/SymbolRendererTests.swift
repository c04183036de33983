import Foundation
import TerminalKit
import Testing

@testable import TerminalPictures

/// Pixels to symbols through libchafa: shapes and colours come out where they were, and every
/// size is bounded before libchafa sees it.
struct SymbolRendererTests {
  static let red: [UInt8] = [255, 0, 0, 255]
  static let blue: [UInt8] = [0, 0, 255, 255]

  /// `width` × `height` pixels: the top half red, the bottom half blue.
  static func redOverBlue(width: Int, height: Int) -> [UInt8] {
    (0..<height).flatMap { y in (0..<width).flatMap { _ in y < height / 2 ? red : blue } }
  }

  static func isClose(_ color: RGB, to expected: RGB) -> Bool {
    abs(Int(color.red) - Int(expected.red)) < 24 && abs(Int(color.green) - Int(expected.green)) < 24
      && abs(Int(color.blue) - Int(expected.blue)) < 24
  }

  /// One row of cells over a picture red above and blue below: each cell is a half block whose
  /// ink and background are the two colours, the red one on top.
  @Test(arguments: [PictureSymbols.halfBlocks, .quadrants, .sextants])
  func aPictureSplitAcrossACellIsAHalfBlock(symbols: PictureSymbols) throws {
    let picture = try SymbolRenderer.render(
      rgba: Self.redOverBlue(width: 16, height: 16), width: 16, height: 16, into: Size(width: 4, height: 1), symbols: symbols)
    #expect(picture.size == Size(width: 4, height: 1))
    let red = RGB(red: 255, green: 0, blue: 0)
    let blue = RGB(red: 0, green: 0, blue: 255)
    for x in 0..<4 {
      let cell = picture[x, 0]
      switch cell.symbol {
      case "▀": #expect(Self.isClose(cell.foreground, to: red) && Self.isClose(cell.background, to: blue), "\(cell)")
      case "▄": #expect(Self.isClose(cell.foreground, to: blue) && Self.isClose(cell.background, to: red), "\(cell)")
      default: Issue.record("cell \(x) is \(cell), not a half block")
      }
    }
  }

  /// A cell that is one colour all over is drawn as that colour whatever its symbol: a space on
  /// it, or a full block in it.
  @Test func aPlainPictureIsItsColourEverywhere() throws {
    let green: [UInt8] = [0, 200, 0, 255]
    let pixels = Array((0..<(8 * 8)).map { _ in green }.joined())
    let picture = try SymbolRenderer.render(rgba: pixels, width: 8, height: 8, into: Size(width: 3, height: 2), symbols: .halfBlocks)
    let expected = RGB(red: 0, green: 200, blue: 0)
    for cell in picture.cells {
      let shown = cell.symbol == " " ? cell.background : cell.foreground
      #expect(Self.isClose(shown, to: expected), "\(cell)")
    }
  }

  @Test func asciiUsesOnlyPrintableASCII() throws {
    let picture = try SymbolRenderer.render(
      rgba: Self.redOverBlue(width: 32, height: 32), width: 32, height: 32, into: Size(width: 8, height: 4), symbols: .ascii)
    #expect(picture.cells.allSatisfy { $0.symbol.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } })
  }

  /// The bounds, each crossed.
  @Test func absurdSizesAreRefusedBeforeLibchafaSeesThem() {
    #expect(throws: SymbolRenderer.Failure.emptyPicture) {
      try SymbolRenderer.render(rgba: [], width: 0, height: 10, into: Size(width: 4, height: 4), symbols: .halfBlocks)
    }
    // 100,000 × 100,000 declared, with a buffer of four bytes: refused on the size alone.
    #expect(throws: SymbolRenderer.Failure.tooManyPixels(width: 100_000, height: 100_000)) {
      try SymbolRenderer.render(rgba: Self.red, width: 100_000, height: 100_000, into: Size(width: 4, height: 4), symbols: .halfBlocks)
    }
    #expect(throws: SymbolRenderer.Failure.bufferSizeMismatch(expected: 16, actual: 4)) {
      try SymbolRenderer.render(rgba: Self.red, width: 2, height: 2, into: Size(width: 4, height: 4), symbols: .halfBlocks)
    }
    #expect(throws: SymbolRenderer.Failure.noRoom) {
      try SymbolRenderer.render(rgba: Self.red, width: 1, height: 1, into: Size(width: 0, height: 4), symbols: .halfBlocks)
    }
    let huge = try? SymbolRenderer.render(rgba: Self.red, width: 1, height: 1, into: Size(width: 5_000, height: 5_000), symbols: .halfBlocks)
    #expect(huge?.size == Canvas.maximumSize, "the grid is bounded like any canvas")
  }
}

/// The picture widget: cells where the picture is, in its colours; a placeholder otherwise.
struct PictureViewTests {
  @Test func aPictureIsCentredInItsAreaInItsOwnColours() throws {
    let picture = try SymbolRenderer.render(
      rgba: SymbolRendererTests.redOverBlue(width: 8, height: 8), width: 8, height: 8, into: Size(width: 2, height: 1), symbols: .halfBlocks)
    var frame = Frame<Never>(size: Size(width: 6, height: 3))
    frame.render(PictureView(.picture(picture), theme: .monochrome), in: frame.bounds)
    #expect(frame.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["", picture.cells.map { String($0.symbol) }.joined(), ""])
    let cell = frame[2, 1]
    #expect(cell.style.foreground == Color(picture[0, 0].foreground) && cell.style.background == Color(picture[0, 0].background))
    #expect(frame[0, 1].style == .plain, "nothing drawn beside it")
  }

  @Test func withoutAPictureAQuietPlaceholder() {
    var frame = Frame<Never>(size: Size(width: 20, height: 3))
    frame.render(PictureView(.placeholder("no picture"), theme: .monochrome), in: frame.bounds)
    #expect(frame.textRows == ["", "     no picture", ""])
    #expect(frame[5, 1].style == Theme.monochrome.secondary)
  }
}
