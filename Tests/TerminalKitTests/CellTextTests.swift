import Testing

@testable import TerminalKit

/// A cell keeps its grapheme inline: what goes in comes out, equal text is an equal cell, and a
/// cell holds no reference (the point of keeping it inline).
struct CellTextTests {
  /// One of each kind, up to the longest that fits (23 bytes of UTF-8).
  static let graphemes = [
    "a", " ", "~", "é", "e\u{301}", "ß", "—", "…", "한", "\u{1112}\u{1161}\u{11AB}", "ひ", "が", "か\u{3099}", "語",
    "€", "█", "▀", "🇯🇵", "👍🏽", "❤️", "👩‍💻", "❤️‍🔥", "🏳️‍🌈", "👩‍👩‍👧", "a\u{301}\u{302}\u{303}\u{304}\u{305}",
    "𝔸", "🂡", "\u{10FFFD}",
  ]

  @Test func whatACellIsGivenItGivesBack() {
    for grapheme in Self.graphemes {
      #expect(grapheme.utf8.count <= CellText.capacity)
      let cell = Canvas.Cell(text: grapheme, width: 1, style: .plain)
      #expect(cell.text == grapheme)
      #expect(Array(cell.text.unicodeScalars) == Array(grapheme.unicodeScalars), "byte for byte: \(grapheme.debugDescription)")
    }
    #expect(Canvas.Cell(text: "", width: 0, style: .plain).text == "")
  }

  @Test func theOneCodePointIsReadFromTheBytes() {
    for grapheme in Self.graphemes {
      let scalars = Array(grapheme.unicodeScalars)
      let cell = Canvas.Cell(text: grapheme, width: 1, style: .plain)
      #expect(cell.scalar == (scalars.count == 1 ? scalars[0] : nil), "\(grapheme.debugDescription)")
    }
    // Every length of UTF-8, at both ends of each.
    for value: UInt32 in [0x20, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFD, 0x10000, 0x10FFFF] {
      let scalar = Unicode.Scalar(value)!
      #expect(Canvas.Cell(text: String(scalar), width: 1, style: .plain).scalar == scalar)
    }
    #expect(Canvas.Cell(text: "", width: 0, style: .plain).scalar == nil)
  }

  /// A family of four is 25 bytes: the cell keeps its first code point, as a terminal is sent.
  @Test func aGraphemeTooLongToKeepIsKeptAsItsFirstCodePoint() {
    let family = "👨‍👩‍👧‍👦"
    #expect(family.count == 1 && family.utf8.count > CellText.capacity)
    #expect(Canvas.Cell(text: family, width: 2, style: .plain).text == "👨")
    let stacked = "a" + String(repeating: "\u{301}", count: 40)
    #expect(Canvas.Cell(text: stacked, width: 1, style: .plain).text == "a")
  }

  @Test func aCellHoldsOneGrapheme() {
    #expect(Canvas.Cell(text: "ab", width: 1, style: .plain).text == "a")
    #expect(Canvas.Cell(text: "🇯🇵🇰🇷", width: 2, style: .plain).text == "🇯🇵")
  }

  @Test func equalTextIsAnEqualCell() {
    for first in Self.graphemes {
      for second in Self.graphemes {
        let a = Canvas.Cell(text: first, width: 1, style: .plain)
        let b = Canvas.Cell(text: second, width: 1, style: .plain)
        // Byte for byte: "é" and "e\u{301}" are the same letter to a String, not to a cell.
        let same = Array(first.unicodeScalars) == Array(second.unicodeScalars)
        #expect((a == b) == same, "\(first.debugDescription) \(second.debugDescription)")
        if same { #expect(a.hashValue == b.hashValue) }
      }
    }
    var cell = Canvas.Cell(text: "x", width: 1, style: .plain)
    cell.text = "y"
    #expect(cell == Canvas.Cell(text: "y", width: 1, style: .plain))
    cell.text = " "
    #expect(cell.isBlank && cell == .blank)
    #expect(!Canvas.Cell(text: " ", width: 1, style: Style(bold: true)).isBlank)
  }

  /// No reference inside: copying a frame's cells is copying bytes.
  @Test func aCellIsAPlainValue() {
    #expect(_isPOD(Canvas.Cell.self))
    #expect(_isPOD(Style.self))
  }
}
