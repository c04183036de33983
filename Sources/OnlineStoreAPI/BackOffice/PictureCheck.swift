import CImageDecoding
import Foundation

/// Whether bytes an operator gave as a product's picture are a picture and little else before
/// the server keeps them and serves them to every shopper: whole (``PictureShape``), with at
/// most ``maximumMetadataBytes`` of what no decoder reads — a JPEG's APPn and COM segments, a
/// PNG's ancillary chunks, a WebP's other chunks, and anything after the picture's end — and
/// decoded, within bounds of size, memory and CPU time, without an error. Any file can otherwise
/// be carried inside a picture's markers and served from the store's own address.
enum PictureCheck {
  /// The most bytes of a picture that are not the picture (EXIF, colour profiles, comments).
  static let maximumMetadataBytes = 256 * 1_024

  /// Checks `bytes` on a thread of its own (decoding may take up to its CPU budget).
  static func isPicture(_ bytes: Data) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: isPictureNow(bytes)) }
    }
  }

  static func isPictureNow(_ bytes: Data) -> Bool {
    guard PictureShape.isWhole(bytes), let metadata = metadataBytes(in: [UInt8](bytes)), metadata <= maximumMetadataBytes else { return false }
    return decodes(bytes)
  }

  /// The bytes of `b` no decoder reads, or `nil` when its structure is broken.
  static func metadataBytes(in b: [UInt8]) -> Int? {
    if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return pngMetadata(b) }
    if b.starts(with: [0xFF, 0xD8]) { return jpegMetadata(b) }
    if b.starts(with: Array("RIFF".utf8)) { return webpMetadata(b) }
    return nil
  }

  private static func pngMetadata(_ b: [UInt8]) -> Int? {
    var offset = 8
    var metadata = 0
    while offset + 12 <= b.count {
      let length = Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
      let type = String(decoding: b[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let end = offset + 12 + length
      guard length >= 0, end <= b.count else { return nil }
      if !["IHDR", "PLTE", "IDAT", "IEND", "tRNS"].contains(type) { metadata += length }
      offset = end
      if type == "IEND" { return metadata + (b.count - offset) }
    }
    return nil
  }

  private static func jpegMetadata(_ b: [UInt8]) -> Int? {
    var offset = 2
    var metadata = 0
    while offset + 4 <= b.count {
      guard b[offset] == 0xFF else { return nil }
      let marker = b[offset + 1]
      if marker == 0xD9 { return metadata + (b.count - offset - 2) }
      if marker == 0xFF { offset += 1; continue }
      if (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
      let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
      guard length >= 2, offset + 2 + length <= b.count else { return nil }
      if (0xE0...0xEF).contains(marker) || marker == 0xFE { metadata += length }
      offset += 2 + length
      guard marker == 0xDA else { continue }
      // Entropy-coded data, read by the decoder: up to the next marker that is not a stuffed
      // byte (FF 00) or a restart (FF D0…D7).
      while offset + 1 < b.count, !(b[offset] == 0xFF && b[offset + 1] != 0x00 && !(0xD0...0xD7).contains(b[offset + 1])) {
        offset += 1
      }
    }
    return nil
  }

  private static func webpMetadata(_ b: [UInt8]) -> Int? {
    var offset = 12
    var metadata = 0
    while offset + 8 <= b.count {
      let type = String(decoding: b[offset..<(offset + 4)], as: UTF8.self)
      let length = Int(b[offset + 4]) | Int(b[offset + 5]) << 8 | Int(b[offset + 6]) << 16 | Int(b[offset + 7]) << 24
      let end = offset + 8 + length + (length & 1)
      guard end <= b.count + (length & 1) else { return nil }
      if !["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"].contains(type) { metadata += length }
      offset = end
    }
    return offset >= b.count ? metadata : nil
  }

  /// Whether `bytes` decode without an error within the bounds a shop's own picture decoder
  /// keeps: 16 MP (4 MP for a PNG, decoded whole), 100 JPEG scans, 64 MiB of working memory and
  /// two seconds of CPU. JPEG and WebP are decoded reduced, which reads every byte of their data
  /// without making every pixel.
  private static func decodes(_ bytes: Data) -> Bool {
    var limits = id_limits(
      maximum_pixels: 16_000_000, maximum_png_pixels: 4_194_304, wanted_width: 64, wanted_height: 64, maximum_scans: 100,
      maximum_working_memory: 64 * 1_048_576, cpu_seconds: 2, cancelled: nil
    )
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    let status = bytes.withUnsafeBytes { raw in
      id_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &limits, &pixels, &width, &height)
    }
    free(pixels)
    return status == ID_OK && width > 0 && height > 0
  }
}
