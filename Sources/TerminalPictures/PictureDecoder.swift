import CImageDecoding
import Foundation

/// A picture's pixels: RGBA, 8 bits a channel, rows without padding.
public struct DecodedPicture: Equatable, Sendable {
  public let rgba: PixelBuffer
  public let width: Int
  public let height: Int
}

/// Pixels the C decoder allocated, owned here and freed with the last reference: handed on as
/// they are, never copied into a Swift array.
public final class PixelBuffer: RandomAccessCollection, Equatable, @unchecked Sendable {
  private let base: UnsafeMutablePointer<UInt8>
  public let count: Int

  /// Takes ownership of `base` (allocated with `malloc`), `count` bytes.
  init(taking base: UnsafeMutablePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  deinit { free(base) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }
  public subscript(position: Int) -> UInt8 {
    precondition(position >= 0 && position < count, "pixel byte \(position) of \(count)")
    return base[position]
  }

  public func withUnsafeBufferPointer<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  public static func == (a: PixelBuffer, b: PixelBuffer) -> Bool {
    a.count == b.count && (a === b || memcmp(a.base, b.base, a.count) == 0)
  }
}

/// PNG, JPEG and WebP into pixels, through Debian's libraries (`CImageDecoding`), within
/// ``Limits`` of size and of work. The format is told from the bytes.
public enum PictureDecoder {
  public enum Failure: Error, Equatable, Sendable {
    case unknownFormat
    case broken
    case tooLarge
    case noMemory
    /// A JPEG with more scans than ``Limits/maximumScans``.
    case tooComplex
    /// Decoding took more CPU time than ``Limits/cpuSeconds``.
    case overBudget
    case cancelled
  }

  /// What one decode may cost. The defaults are for a product picture drawn in a few hundred
  /// cells: a hostile file costs at most about two seconds of one core and tens of megabytes.
  public struct Limits: Sendable, Equatable {
    /// The most pixels a picture may declare (16 MP: more than 40×20 cells can ever show).
    public var maximumPixels = 16_000_000
    /// The most a PNG may declare: it is decoded whole (libpng cannot reduce it), so 4 MP —
    /// 16 MiB of pixels — rather than 64 MiB.
    public var maximumPNGPixels = 4_194_304
    /// The pixels needed, across and down (0: all): JPEG and WebP are decoded reduced to it.
    public var wantedWidth = 0
    public var wantedHeight = 0
    /// The most scans a JPEG may have; each is a pass over the whole picture (a 4 MB file with
    /// 62,350 of them took 203 s of CPU).
    public var maximumScans = 100
    /// The most working memory libjpeg may take (a progressive JPEG keeps every coefficient).
    public var maximumWorkingMemory = 64 * 1_048_576
    /// The most CPU time of its thread a decode may use.
    public var cpuSeconds = 2.0

    public init() {}

    /// The defaults, for a picture shown in `area` cells: about twice the pixels the densest
    /// symbols (sextants: 2×3 a cell) can show.
    public static func forCells(_ width: Int, _ height: Int) -> Limits {
      var limits = Limits()
      limits.wantedWidth = max(1, width) * 4
      limits.wantedHeight = max(1, height) * 6
      return limits
    }
  }

  /// Decodes on the calling thread; `cancelled`, when given, is read as the decoder works.
  public static func decode(
    _ data: Data, limits: Limits = Limits(), cancelled: UnsafePointer<Int32>? = nil
  ) throws(Failure) -> DecodedPicture {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var bounds = id_limits(
      maximum_pixels: limits.maximumPixels, maximum_png_pixels: limits.maximumPNGPixels, wanted_width: Int32(clamping: limits.wantedWidth),
      wanted_height: Int32(clamping: limits.wantedHeight), maximum_scans: Int32(clamping: limits.maximumScans),
      maximum_working_memory: limits.maximumWorkingMemory, cpu_seconds: limits.cpuSeconds, cancelled: cancelled
    )
    let status = data.withUnsafeBytes { bytes in
      id_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &bounds, &pixels, &width, &height)
    }
    switch status {
    case ID_OK:
      guard let pixels else { throw .broken }
      return DecodedPicture(rgba: PixelBuffer(taking: pixels, count: Int(width) * Int(height) * 4), width: Int(width), height: Int(height))
    case ID_UNKNOWN_FORMAT: throw .unknownFormat
    case ID_TOO_LARGE: throw .tooLarge
    case ID_NO_MEMORY: throw .noMemory
    case ID_TOO_COMPLEX: throw .tooComplex
    case ID_OVER_BUDGET: throw .overBudget
    case ID_CANCELLED: throw .cancelled
    default: throw .broken
    }
  }

  /// The size the header declares, without decoding (`nil` when it cannot be read).
  public static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let status = data.withUnsafeBytes { id_probe($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &width, &height) }
    return status == ID_OK ? (Int(width), Int(height)) : nil
  }

  /// The scans of a JPEG (0 for any other format), counted up to `stopAfter` + 1.
  public static func jpegScans(in data: Data, stopAfter: Int = 100) -> Int {
    Int(data.withUnsafeBytes { id_jpeg_scans($0.bindMemory(to: UInt8.self).baseAddress, $0.count, Int32(clamping: stopAfter)) })
  }
}
