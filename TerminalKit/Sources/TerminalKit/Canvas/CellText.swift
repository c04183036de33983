/// The grapheme a ``Canvas/Cell`` holds, as its UTF-8 bytes kept inline: a cell is then a plain
/// value, and a frame of thousands of cells is created, copied, compared and thrown away
/// without a reference count or a heap block per cell.
///
/// 23 bytes hold nearly every grapheme of text in any script (a letter with a few marks, a
/// Hangul syllable or its jamo, an Indic cluster) and nearly every emoji (a flag, a skin tone, a pair joined by ZWJ, a
/// family of three). A longer grapheme — a family of four, a letter under a stack of marks — is
/// kept as its first code point, which is also all a terminal is sent of such a grapheme (see
/// `CellEncoding` in CursesTerminal); the cell's width is the whole grapheme's either way.
struct CellText: Hashable, Sendable {
  static let capacity = 23

  /// Bytes 0…7, 8…15 and 16…22, the first in the lowest bits; the last word's top byte is
  /// the count. Bytes past the count are zero, so equal text is equal bits.
  private var low: UInt64 = 0
  private var middle: UInt64 = 0
  private var high: UInt64 = 0

  static let space = CellText(" " as Unicode.Scalar)
  /// The right half of a wide grapheme: no text.
  static let empty = CellText()

  private init() {}

  init(_ scalar: Unicode.Scalar) {
    for byte in scalar.utf8 { append(byte) }
  }

  init(_ character: Character) {
    if character.utf8.count <= Self.capacity {
      for byte in character.utf8 { append(byte) }
    } else if let first = character.unicodeScalars.first {
      for byte in first.utf8 { append(byte) }
    }
  }

  /// The first grapheme of `text` (a cell holds one); nothing for "".
  init(_ text: String) {
    if let first = text.first { self.init(first) } else { self.init() }
  }

  var count: Int { Int(high >> 56) }

  var string: String {
    let count = count
    return withUnsafeBytes(of: (low.littleEndian, middle.littleEndian, high.littleEndian)) { bytes in
      String(decoding: bytes.prefix(count), as: UTF8.self)
    }
  }

  /// The one code point, when the grapheme is one: read from the bytes, without a `String`.
  var scalar: Unicode.Scalar? {
    let count = count
    guard count > 0, count <= 4 else { return nil }
    let lead = UInt32(low & 0xFF)
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard length == count else { return nil }
    func continuation(_ index: Int) -> UInt32 { UInt32((low >> (8 * index)) & 0x3F) }
    switch length {
    case 1: return Unicode.Scalar(lead)
    case 2: return Unicode.Scalar((lead & 0x1F) << 6 | continuation(1))
    case 3: return Unicode.Scalar((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2))
    default: return Unicode.Scalar((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3))
    }
  }

  private mutating func append(_ byte: UInt8) {
    let index = count
    let shift = UInt64(8 * (index % 8))
    switch index {
    case 0..<8: low |= UInt64(byte) << shift
    case 8..<16: middle |= UInt64(byte) << shift
    default: high |= UInt64(byte) << shift
    }
    high = (high & 0x00FF_FFFF_FFFF_FFFF) | UInt64(index + 1) << 56
  }
}
