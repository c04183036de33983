import Foundation

/// PNG files made in a test, of any size and each one different: RGBA pixels from a seed, in
/// zlib's stored (uncompressed) blocks, so that a picture of 1,000 × 1,000 is 4 MB as a real
/// photograph of that size might be, and costs nothing to make.
public enum TestPNG {
  /// A `width` × `height` picture whose pixels come from `seed`; `trailing` bytes are added after
  /// its end, and `comment` bytes of a `tEXt` chunk before its data.
  public static func make(width: Int, height: Int, seed: UInt64, comment: Int = 0, trailing: Int = 0) -> Data {
    var state = (seed &+ 1) &* 0x9E37_79B9_7F4A_7C15 | 1
    var raw = [UInt8](repeating: 0, count: (width * 4 + 1) * height)
    raw.withUnsafeMutableBufferPointer { bytes in
      var index = 0
      for _ in 0..<height {
        bytes[index] = 0  // no filter
        index += 1
        for _ in 0..<width {
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          bytes[index] = UInt8(truncatingIfNeeded: state)
          bytes[index + 1] = UInt8(truncatingIfNeeded: state >> 8)
          bytes[index + 2] = UInt8(truncatingIfNeeded: state >> 16)
          bytes[index + 3] = 0xFF
          index += 4
        }
      }
    }
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.append(contentsOf: bigEndian(UInt32(width)))
    header.append(contentsOf: bigEndian(UInt32(height)))
    header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, no filter, no interlace
    png.append(chunk("IHDR", header))
    if comment > 0 { png.append(chunk("tEXt", Data("Comment\u{0}".utf8) + Data(repeating: 0x41, count: comment))) }
    png.append(chunk("IDAT", storedZlib(Data(raw))))
    png.append(chunk("IEND", Data()))
    png.append(Data(repeating: 0x5A, count: trailing))
    return png
  }

  /// `data` as a zlib stream of stored blocks (at most 65,535 bytes each).
  static func storedZlib(_ data: Data) -> Data {
    var out = Data([0x78, 0x01])
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let last: UInt8 = offset + count == data.count ? 1 : 0
      out.append(last)
      out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
      out.append(data[(data.startIndex + offset)..<(data.startIndex + offset + count)])
      offset += count
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
      }
    }
    out.append(contentsOf: bigEndian(b << 16 | a))
    return out
  }

  static func chunk(_ type: String, _ data: Data) -> Data {
    var chunk = Data(bigEndian(UInt32(data.count)))
    let body = Data(type.utf8) + data
    chunk.append(body)
    chunk.append(contentsOf: bigEndian(crc32(body)))
    return chunk
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    crcTable.withUnsafeBufferPointer { table in
      data.withUnsafeBytes { bytes in
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
