import Foundation
import Testing

@testable import TerminalPictures

/// Pictures from bytes: the three formats decode to the same picture, and bad bytes give a
/// failure, never a crash, and never more pixels than allowed. The fixtures are made by
/// `Fixtures/make-fixtures.py`.
struct PictureDecoderTests {
  static func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
    return try Data(contentsOf: url)
  }

  /// The pixel at (x, y), as red, green, blue.
  static func color(_ picture: DecodedPicture, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    let at = (y * picture.width + x) * 4
    return (Int(picture.rgba[at]), Int(picture.rgba[at + 1]), Int(picture.rgba[at + 2]))
  }

  static func near(_ color: (Int, Int, Int), _ expected: (Int, Int, Int)) -> Bool {
    abs(color.0 - expected.0) < 30 && abs(color.1 - expected.1) < 30 && abs(color.2 - expected.2) < 30
  }

  @Test(arguments: ["picture.png", "picture.jpg", "picture.webp"])
  func eachFormatDecodesToThePicture(name: String) throws {
    let picture = try PictureDecoder.decode(try Self.fixture(name))
    #expect(picture.width == 48 && picture.height == 32 && picture.rgba.count == 48 * 32 * 4)
    #expect(Self.near(Self.color(picture, 2, 2), (220, 30, 30)), "red above")
    #expect(Self.near(Self.color(picture, 2, 29), (30, 60, 220)), "blue below")
    #expect(Self.near(Self.color(picture, 24, 16), (255, 255, 255)), "the white square")
  }

  @Test func badBytesAreFailuresNotCrashes() throws {
    #expect(throws: PictureDecoder.Failure.broken) { try PictureDecoder.decode(try Self.fixture("truncated.jpg")) }
    #expect(throws: PictureDecoder.Failure.unknownFormat) { try PictureDecoder.decode(try Self.fixture("html.jpg")) }
    #expect(throws: PictureDecoder.Failure.unknownFormat) { try PictureDecoder.decode(Data()) }
    // 100,000 × 100,000 declared: refused from the header, before 40 GB is asked for.
    #expect(throws: PictureDecoder.Failure.tooLarge) { try PictureDecoder.decode(try Self.fixture("huge.png")) }
    // The bound is the caller's: the same picture is too large for 1,000 pixels.
    #expect(throws: PictureDecoder.Failure.tooLarge) { try PictureDecoder.decode(try Self.fixture("picture.png"), maximumPixels: 1_000) }
    // Every prefix of each good picture: a failure, or — once every pixel is in, with only the
    // closing bytes missing — the whole picture. Never a crash, never a picture half grey.
    for name in ["picture.png", "picture.jpg", "picture.webp"] {
      let data = try Self.fixture(name)
      let whole = try PictureDecoder.decode(data)
      for length in 0..<data.count {
        if let picture = try? PictureDecoder.decode(data.prefix(length)) {
          #expect(picture == whole, "\(name) cut at \(length) of \(data.count)")
        }
      }
    }
  }

  /// Decoded, then drawn: the picture's colours reach the cells.
  @Test func aDecodedPictureRendersToCells() throws {
    let picture = try PictureDecoder.decode(try Self.fixture("picture.webp"))
    let cells = try SymbolRenderer.render(rgba: picture.rgba, width: picture.width, height: picture.height, into: .init(width: 12, height: 4), symbols: .halfBlocks)
    let corner = cells[0, 0]
    let shown = corner.symbol == " " ? corner.background : corner.foreground
    #expect(Self.near((Int(shown.red), Int(shown.green), Int(shown.blue)), (220, 30, 30)))
  }
}
