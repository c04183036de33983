import CImageDecoding
import Foundation

/// A picture's pixels: RGBA, 8 bits a channel, rows without padding.
public struct DecodedPicture: Equatable, Sendable {
  public let rgba: [UInt8]
  public let width: Int
  public let height: Int
}

/// PNG, JPEG and WebP into pixels, through Debian's libraries (`CImageDecoding`). The format
/// is told from the bytes; the size is checked from the header before a pixel is decoded.
public enum PictureDecoder {
  public enum Failure: Error, Equatable, Sendable {
    case unknownFormat
    case broken
    case tooLarge
    case noMemory
  }

  public static func decode(_ data: Data, maximumPixels: Int = SymbolRenderer.maximumPixels) throws(Failure) -> DecodedPicture {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    let status = data.withUnsafeBytes { bytes in
      id_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, maximumPixels, &pixels, &width, &height)
    }
    switch status {
    case ID_OK:
      guard let pixels else { throw .broken }
      defer { free(pixels) }
      let count = Int(width) * Int(height) * 4
      return DecodedPicture(rgba: Array(UnsafeBufferPointer(start: pixels, count: count)), width: Int(width), height: Int(height))
    case ID_UNKNOWN_FORMAT: throw .unknownFormat
    case ID_TOO_LARGE: throw .tooLarge
    case ID_NO_MEMORY: throw .noMemory
    default: throw .broken
    }
  }
}
