/// How many terminal columns text takes, measured per grapheme — what the eye sees as one
/// character, however many code points it is made of.
///
/// The rules, in the order they apply:
/// - a grapheme with VARIATION SELECTOR-16 asks for emoji presentation: 2 columns (`❤️`);
/// - a ZERO WIDTH JOINER sequence of emoji is one picture: 2 columns (`👩‍👩‍👧`);
/// - a pair of regional indicators is a flag: 2 columns (`🇯🇵`);
/// - otherwise the first code point decides: East Asian wide and full-width characters and
///   emoji presented as emoji by default take 2 columns, combining marks and other zero-width
///   characters 0, everything else 1.
///
/// This is the project's own table rather than the C library's `wcwidth`, whose answers depend
/// on the locale (in the C locale it knows no wide characters at all): a snapshot must look the
/// same on every machine.
public enum TextWidth {
  /// The columns `character` takes.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1 {
      if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
      if scalars.contains(where: { $0.value == 0x200D }), first.properties.isEmoji,
        columns(of: first) == 2 || first.properties.isEmojiPresentation
      {
        return 2
      }
      if isRegionalIndicator(first), scalars.dropFirst().first.map(isRegionalIndicator) == true {
        return 2
      }
    }
    return columns(of: first)
  }

  /// The columns one code point takes on its own.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    // Printable ASCII, most of what any screen draws, is one column: no need to look up
    // Unicode properties, which was a quarter of the store's time per frame.
    if (0x20...0x7E).contains(scalar.value) { return 1 }
    // So are box drawing and block elements, what borders and rules are made of.
    if (0x2500...0x259F).contains(scalar.value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
      return 0
    default:
      break
    }
    if isWide(scalar) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The columns `text` takes. (Inlinable so that an app's call is specialized for its string
  /// type and the ASCII count below runs without generic dispatch.)
  @inlinable
  public static func columns(of text: some StringProtocol) -> Int {
    let utf8 = text.utf8
    if utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return utf8.count }
    return text.reduce(0) { $0 + columns(of: $1) }
  }

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of the Unicode Character Database
  /// (EastAsianWidth.txt), apart from the emoji that `isEmojiPresentation` already covers.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFF,  // CJK radicals
    0x3000...0x303E,  // CJK symbols and punctuation, ideographic space
    0x3041...0x3096, 0x3099...0x30FF,  // Hiragana, Katakana
    0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247,
    0x3250...0xA48C,  // CJK, Yi syllables
    0xA490...0xA4C6,  // Yi radicals
    0xA960...0xA97C,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // CJK compatibility, small forms
    0xFF01...0xFF60, 0xFFE0...0xFFE6,  // full-width forms
    0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5,
    0x18D00...0x18D08,  // Tangut, Khitan
    0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122,
    0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167,
    0x1B170...0x1B2FB,  // Kana supplements, Nüshu
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265,  // enclosed ideographic supplement
    0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and beyond
  ]
}
