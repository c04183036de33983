/// Code points that are always a grapheme of their own, whatever is around them, and that
/// ``SafeText`` keeps as they are: text made only of these can be drawn one code point per
/// grapheme, without the grapheme-breaking walk ``Canvas`` otherwise does.
///
/// None of the blocks below holds a combining mark, a joiner, a variation selector, a Hangul
/// jamo, a regional indicator, an emoji modifier, a control or a format character — the things
/// that join code points into one grapheme or that sanitizing strips. (Combining code points
/// inside a listed range are cut out of it: U+3099…309A, U+302A…302F, U+00AD.) What is not
/// listed is not wrong, only drawn the general way.
enum StandaloneScalar {
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E: true  // printable ASCII
    case 0xA0...0xAC, 0xAE...0x2FF: true  // Latin-1, Latin Extended A and B, IPA, spacing modifiers
    case 0x2010...0x2027, 0x2030...0x205E: true  // general punctuation: dashes, quotes, "…", "•"
    case 0x20A0...0x20C0: true  // currency signs
    case 0x2100...0x214F: true  // letterlike symbols
    case 0x2190...0x23FF: true  // arrows, mathematical operators, technical symbols
    case 0x2460...0x27BF: true  // enclosed alphanumerics, box drawing, blocks, shapes, dingbats
    case 0x3000...0x3029, 0x3030...0x303F: true  // CJK symbols and punctuation
    case 0x3041...0x3096, 0x309B...0x30FF: true  // hiragana and katakana
    case 0x4E00...0x9FFF: true  // CJK unified ideographs
    case 0xAC00...0xD7A3: true  // precomposed Hangul syllables
    case 0xFF01...0xFF60: true  // full-width forms
    default: false
    }
  }
}
