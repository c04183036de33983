import Foundation
import Testing
import TerminalKit

@testable import CursesTerminal

/// What goes to ncurses for cells whose width the C library might see differently.
struct CellEncodingTests {
  /// glibc's answers in a UTF-8 locale, for the characters below.
  static func libcWidth(_ character: wchar_t) -> Int32 {
    switch character {
    case 0x0300...0x036F, 0x200D, 0xFE0F: 0
    case 0xAC00...0xD7A3, 0x1F468, 0x1F469, 0x1F467, 0x1F600: 2
    default: 1
    }
  }

  func encode(_ text: String, width: Int) -> (characters: [wchar_t], padding: Bool) {
    CellEncoding.characters(for: Canvas.Cell(text: text, width: width, style: .plain), width: Self.libcWidth)
  }

  @Test func agreeingCellsAreSentWhole() {
    #expect(encode("a", width: 1) == ([0x61], false))
    #expect(encode("한", width: 2) == ([0xD55C], false))
    #expect(encode("e\u{301}", width: 1) == ([0x65, 0x301], false), "a combining mark travels with its letter")
  }

  @Test func anEmojiMadeWideByVariationSelectorIsPadded() {
    // ❤ is one column to the C library; VS16 makes it two for the canvas.
    #expect(encode("❤️", width: 2) == ([0x2764], true))
  }

  @Test func aZWJSequenceIsDrawnAsItsFirstPicture() {
    #expect(encode("👩‍👩‍👧", width: 2) == ([0x1F469], false))
  }

  @Test func aFlagIsDrawnAsOneIndicatorAndASpace() {
    #expect(encode("🇯🇵", width: 2) == ([0x1F1EF], true))
  }
}
