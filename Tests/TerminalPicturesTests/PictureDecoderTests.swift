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
    var small = PictureDecoder.Limits()
    small.maximumPixels = 1_000
    #expect(throws: PictureDecoder.Failure.tooLarge) { try PictureDecoder.decode(try Self.fixture("picture.png"), limits: small) }
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

  /// A JPEG's scans are counted before libjpeg sees it: one of 150 scans (each a pass over the
  /// whole picture) is refused at once. (A 4 MB file with 62,350 scans took 203 s of CPU.)
  @Test func aJPEGOfTooManyScansIsRefusedBeforeDecoding() throws {
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00]
    for scan in 0..<150 {
      // An SOS segment (length 8), then entropy-coded data holding a stuffed 0xFF 0x00 and a
      // restart marker, neither of which ends the scan.
      bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
      bytes += [UInt8(scan & 0x7F), 0xFF, 0x00, 0x12, 0xFF, 0xD3, 0x34]
    }
    // A stray byte where a marker should be once hid every scan after it from the count.
    bytes.insert(0x00, at: 8)
    bytes += [0xFF, 0xD9]
    let data = Data(bytes)
    #expect(PictureDecoder.jpegScans(in: data, stopAfter: 1_000) == 150)
    #expect(PictureDecoder.jpegScans(in: data, stopAfter: 100) == 101, "counting stops past the bound")
    #expect(throws: PictureDecoder.Failure.tooComplex) { try PictureDecoder.decode(data) }
    #expect(PictureDecoder.jpegScans(in: try Self.fixture("picture.jpg")) == 1, "a baseline JPEG has one scan")
    #expect(PictureDecoder.jpegScans(in: try Self.fixture("picture.png")) == 0)
  }

  /// The CPU budget and the cancel flag stop a decode as it works.
  @Test func aDecodeOverItsBudgetOrCancelledStops() throws {
    let jpeg = try Self.fixture("picture.jpg")
    var tight = PictureDecoder.Limits()
    tight.cpuSeconds = 1e-9
    #expect(throws: PictureDecoder.Failure.overBudget) { try PictureDecoder.decode(jpeg, limits: tight) }
    #expect(throws: PictureDecoder.Failure.overBudget) { try PictureDecoder.decode(try Self.fixture("picture.png"), limits: tight) }
    var flag: Int32 = 1
    #expect(throws: PictureDecoder.Failure.cancelled) { try PictureDecoder.decode(jpeg, cancelled: &flag) }
    flag = 0
    #expect(try PictureDecoder.decode(jpeg, cancelled: &flag).width == 48)
  }

  /// JPEG and WebP are decoded no larger than needed (JPEG by eighths); PNG whole.
  @Test func aPictureIsDecodedReducedToWhatIsWanted() throws {
    var limits = PictureDecoder.Limits()
    limits.wantedWidth = 6
    limits.wantedHeight = 4
    let jpeg = try PictureDecoder.decode(try Self.fixture("picture.jpg"), limits: limits)
    #expect(jpeg.width == 6 && jpeg.height == 4, "an eighth: \(jpeg.width)×\(jpeg.height)")
    #expect(Self.near(Self.color(jpeg, 0, 0), (220, 30, 30)) && Self.near(Self.color(jpeg, 0, 3), (30, 60, 220)))
    limits.wantedWidth = 12
    limits.wantedHeight = 3
    let quarter = try PictureDecoder.decode(try Self.fixture("picture.jpg"), limits: limits)
    #expect(quarter.width == 12 && quarter.height == 8, "a quarter gives both 12 across and 3 down")
    let webp = try PictureDecoder.decode(try Self.fixture("picture.webp"), limits: limits)
    #expect(webp.width == 12 && webp.height == 8)
    #expect(Self.near(Self.color(webp, 1, 1), (220, 30, 30)))
    let png = try PictureDecoder.decode(try Self.fixture("picture.png"), limits: limits)
    #expect(png.width == 48 && png.height == 32)
    #expect(PictureDecoder.declaredSize(of: try Self.fixture("huge.png"))! == (100_000, 100_000))
  }

  /// On a thread of its own, and ended by cancelling the task that asked for it.
  @Test func decodingOffThreadEndsWithItsTask() async throws {
    let jpeg = try Self.fixture("picture.jpg")
    let picture = try await PictureDecoding.decode(jpeg, limits: .forCells(10, 5))
    #expect(picture.width == 48, "no reduction asked for below the picture's own size")
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await PictureDecoding.decode(jpeg, limits: .forCells(10, 5))
    }
    await #expect(throws: PictureDecoder.Failure.cancelled) { try await cancelled.value }
  }

  /// A PNG is decoded whole, so it may declare at most 4 MP (16 MiB of pixels): a 69 KB file of
  /// 4000×4000 once cost a store 62 MB.
  @Test func aPNGOverFourMegapixelsIsRefusedFromItsHeader() throws {
    #expect(throws: PictureDecoder.Failure.tooLarge) { try PictureDecoder.decode(Self.pngHeader(width: 2_049, height: 2_048)) }
    #expect(throws: PictureDecoder.Failure.tooLarge) { try PictureDecoder.decode(Self.pngHeader(width: 4_000, height: 4_000)) }
    // One within the bound gets past the header (and is then broken: it has no pixels).
    #expect(throws: PictureDecoder.Failure.broken) { try PictureDecoder.decode(Self.pngHeader(width: 2_048, height: 2_048)) }
  }

  /// A PNG's signature and header (8-bit RGBA), and an empty IDAT and IEND.
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(kind.utf8) + body
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }
    func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", []) + chunk("IEND", []))
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
