import CNCurses
import Testing
import TerminalKit

@testable import CursesTerminal

/// `wget_wch`'s answers as keys.
struct KeyDecodingTests {
  @Test func characters() {
    #expect(KeyDecoding.character(10) == .key(.enter), "Enter arrives as 10")
    #expect(KeyDecoding.character(13) == .key(.enter))
    #expect(KeyDecoding.character(9) == .key(.tab))
    #expect(KeyDecoding.character(27) == .key(.escape))
    #expect(KeyDecoding.character(127) == .key(.backspace))
    #expect(KeyDecoding.character(3) == .key(.control("c")))
    #expect(KeyDecoding.character(12) == .key(.control("l")))
    #expect(KeyDecoding.character(0x6A) == .key(.character("j")))
    #expect(KeyDecoding.character(0xD55C) == .key(.character("한")))
    #expect(KeyDecoding.character(0) == nil)
  }

  @Test func functionKeys() {
    #expect(KeyDecoding.functionKey(KEY_UP) == .key(.up))
    #expect(KeyDecoding.functionKey(KEY_NPAGE) == .key(.pageDown))
    #expect(KeyDecoding.functionKey(cn_key_back_tab()) == .key(.backTab))
    #expect(KeyDecoding.functionKey(cn_key_delete()) == .key(.delete))
    #expect(KeyDecoding.functionKey(cn_key_resize()) == .resize)
    #expect(KeyDecoding.functionKey(KEY_F0 + 5) == nil)
  }
}
