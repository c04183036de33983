import TerminalKit
import Testing

/// `TextLayout.wrap` in one pass: the same lines as the plain word-by-word reading it replaced
/// (kept below as the reference) for a thousand texts of words, long words, wide characters and
/// runs of spaces; a word of a million characters as its lines; and `maximumLines` stops early.
struct TextWrapTests {
  /// The wrap as it was written before it was made linear: word by word, a long word broken by
  /// measuring the rest of it again for each line. Obviously right, and quadratic.
  static func reference(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for piece in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(piece)
      var wordWidth = TextWidth.columns(of: word)
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while wordWidth > width {
        var kept = ""
        var keptWidth = 0
        var rest = word[...]
        while let character = rest.first, keptWidth + TextWidth.columns(of: character) <= width {
          kept.append(character)
          keptWidth += TextWidth.columns(of: character)
          rest = rest.dropFirst()
        }
        if kept.isEmpty {
          kept = "\u{FFFD}"
          rest = rest.dropFirst()
        }
        lines.append(kept)
        word = rest
        wordWidth = TextWidth.columns(of: word)
      }
      line = String(word)
      lineWidth = wordWidth
    }
    if lineWidth > 0 { lines.append(line) }
    return lines
  }

  @Test func theSameLinesAsWordByWordForAThousandTexts() {
    var random = SplitMix(seed: 2026)
    let alphabet: [Character] = ["a", "b", "é", "한", "글", "👍", "手", " ", " ", " ", "x", "-", "\u{0301}"]
    for round in 0..<1_000 {
      let length = Int(random.next() % 120)
      let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      let width = Int(random.next() % 12) + 1
      #expect(TextLayout.wrap(text, toWidth: width) == Self.reference(text, toWidth: width), "round \(round): \(text.debugDescription) at \(width)")
    }
  }

  @Test func aWordOfAMillionCharactersIsItsLines() {
    let word = String(repeating: "x", count: 1_000_000)
    let lines = TextLayout.wrap(word, toWidth: 80)
    #expect(lines.count == 12_500)
    #expect(lines.allSatisfy { $0.count == 80 })
  }

  @Test func maximumLinesStopsTheWrap() {
    let text = String(repeating: "word ", count: 10_000)
    #expect(TextLayout.wrap(text, toWidth: 10, maximumLines: 3) == ["word word", "word word", "word word"])
    #expect(TextLayout.wrap(text, toWidth: 10, maximumLines: 0).isEmpty)
    #expect(TextLayout.wrap("short", toWidth: 10, maximumLines: 5) == ["short"])
    #expect(TextLayout.wrap(String(repeating: "y", count: 50), toWidth: 10, maximumLines: 2) == [String(repeating: "y", count: 10), String(repeating: "y", count: 10)])
  }

  /// A small seeded generator: the same texts on every run.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
