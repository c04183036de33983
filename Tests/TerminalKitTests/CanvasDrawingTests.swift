import TerminalKitTesting
import Testing

@testable import TerminalKit

/// Text drawn the quick way (code points that are graphemes of their own) lands in exactly the
/// cells the general way puts it in: same characters, widths, styles, wide halves and repairs.
struct CanvasDrawingTests {
  /// Letters of every kind the quick way takes, and of kinds it must leave to the general way:
  /// combining marks, joiners, variation selectors, jamo, flags, controls, escapes.
  static let alphabet: [String] = [
    "a", "Z", "7", " ", "~", "é", "ß", "Ł", "ǅ", "ˆ", "—", "…", "•", "€", "₩", "™", "←", "↓", "⌘",
    "─", "│", "█", "▸", "●", "✓", "❤", "、", "「", "ひ", "カ", "ー", "中", "漢", "한", "글", "Ａ",
    "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1100}", "\u{1161}", "\u{11A8}", "🇯", "🇵", "👩", "\u{1F3FD}",
    "\u{3099}", "\u{AD}", "\u{202E}", "\u{1B}[31m", "\t", "\n", "\u{9B}",
  ]

  @Test func theQuickWayDrawsWhatTheGeneralWayDraws() {
    var generator = SplitMix64(seed: 0x5EED)
    for round in 0..<3000 {
      let length = Int(generator.next() % 14)
      // Every other round only letters the quick way takes, so that it is tried as often.
      let letters = round % 2 == 0 ? Self.alphabet.filter { $0.unicodeScalars.allSatisfy(StandaloneScalar.contains) } : Self.alphabet
      let text = (0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }.joined()
      let width = 12
      let x = Int(generator.next() % 8)
      let limit: Int? = generator.next() % 3 == 0 ? Int(generator.next() % 10) + 1 : nil
      let style = Style(foreground: generator.next() % 2 == 0 ? .cyan : nil)
      // The same background on both: wide characters already there, to be cut in half.
      var background = Canvas(size: Size(width: width, height: 1))
      _ = background.draw("漢字かな한글", at: Point(x: Int(generator.next() % 3), y: 0))
      var quick = background
      var general = background
      let available = min(limit ?? Int.max, width - x)
      let drawn = quick.draw(text, at: Point(x: x, y: 0), width: limit, style: style)
      let expected = general.drawGraphemes(text, at: Point(x: x, y: 0), available: available, style: style, truncate: true)
      #expect(drawn == expected, "round \(round): \(text.debugDescription)")
      #expect(quick.cells == general.cells, "round \(round): \(text.debugDescription) at \(x)")
    }
  }

  @Test func theQuickWayTakesOnlyGraphemesOfTheirOwn() {
    #expect(StandaloneScalar.contains("a") && StandaloneScalar.contains("한") && StandaloneScalar.contains("─"))
    for joining: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{11A8}", "\u{3099}", "\u{302A}", "\u{AD}", "\u{1B}", "\u{202E}", "\u{1F1EF}"] {
      #expect(!StandaloneScalar.contains(joining), "U+\(String(joining.value, radix: 16, uppercase: true))")
    }
  }
}
