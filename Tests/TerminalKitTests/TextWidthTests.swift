@testable import TerminalKit
import Testing

/// Text measured per grapheme, made safe, truncated and wrapped.
struct TextWidthTests {
  @Test(arguments: [
    ("a", 1),
    ("é", 1),  // precomposed
    ("e\u{301}", 1),  // e + COMBINING ACUTE ACCENT: one grapheme, one column
    ("한", 2),  // Hangul syllable
    ("抹", 2),  // CJK ideograph
    ("ぬ", 2),  // Hiragana
    ("Ａ", 2),  // full-width Latin
    ("😀", 2),  // emoji presented as emoji by default
    ("❤️", 2),  // U+2764 + VARIATION SELECTOR-16
    ("❤", 1),  // the same heart without VS16 is text
    ("👩‍👩‍👧", 2),  // ZWJ family
    ("👍🏽", 2),  // emoji + skin tone modifier
    ("🇯🇵", 2),  // flag: two regional indicators
    ("\u{200B}", 0),  // ZERO WIDTH SPACE
  ])
  func graphemeWidths(text: String, columns: Int) {
    #expect(text.count == 1, "one grapheme")
    #expect(TextWidth.columns(of: text.first!) == columns)
  }

  @Test func stringWidths() {
    #expect(TextWidth.columns(of: "한지 노트 Hanji notebook") == 24)
    #expect(TextWidth.columns(of: "手ぬぐい Tenugui") == 16)
    #expect(TextWidth.columns(of: "Crème brûlée") == 12)
  }

  @Test func controlCharactersAndEscapeSequencesAreDisarmed() {
    let hostile = "Hat\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}tfel\u{2028}x\ty\nz\u{7F}"
    let safe = SafeText.sanitize(hostile)
    #expect(!safe.unicodeScalars.contains { $0.properties.generalCategory == .control })
    #expect(!safe.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value == 0x2028 })
    #expect(safe == "Hattfel x y z")
  }

  /// Whole sequences go, not just their ESC: nothing like `[31m` or `]0;title` is left.
  @Test(arguments: [
    ("red \u{1B}[1;31mwine\u{1B}[0m glass", "red wine glass"),
    ("a\u{1B}]0;new title\u{1B}\\b", "ab"),
    ("a\u{1B}]8;;https://example.com\u{07}link\u{1B}]8;;\u{07}b", "alinkb"),
    ("a\u{1B}P1$r0m\u{1B}\\b", "ab"),
    ("a\u{1B}_hidden\u{9C}b", "ab"),
    ("a\u{1B}cb", "ab"),
    ("a\u{1B}(Bb", "ab"),
    ("a\u{9D}0;t\u{07}b", "ab"),
    // Read as a terminal reads it: `ESC [ % SP o` is one control sequence.
    ("50\u{1B}[% off", "50ff"),
    // An ESC before a character no sequence continues with goes alone.
    ("Crème \u{1B}ébrûlée", "Crème ébrûlée"),
    ("a\u{1B}[12\u{00E9}b", "a\u{00E9}b"),
  ])
  func escapeSequencesAreStrippedWhole(text: String, expected: String) {
    #expect(SafeText.sanitize(text) == expected)
  }

  /// A notice about a file keeps the file's name: the directories give way first.
  @Test func pathsShortenBeforeTheTextIsCut() {
    let notice = "! Your cart could not be saved (/home/ada/.local/state/onlinestore/carts/embedded/user-1.json: read-only file system)."
    #expect(TextLayout.fitting(notice, toWidth: 200) == notice)
    // One directory at a time, only as many as needed.
    #expect(TextLayout.fitting(notice, toWidth: 84) == "! Your cart could not be saved (…/embedded/user-1.json: read-only file system).")
    let fitted = TextLayout.fitting(notice, toWidth: 78)
    #expect(fitted == "! Your cart could not be saved (…/user-1.json: read-only file system).")
    #expect(TextWidth.columns(of: fitted) <= 78)
    // Only when the name alone does not make it fit is the text cut.
    #expect(TextLayout.fitting(notice, toWidth: 60) == "! Your cart could not be saved (…/user-1.json: read-only fi…")
    #expect(TextLayout.fitting("no paths here at all", toWidth: 10) == "no paths …")
  }

  @Test func truncationEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
    #expect(TextLayout.truncate("Notebook", toWidth: 20) == "Notebook")
    #expect(TextLayout.truncate("Notebook", toWidth: 5) == "Note…")
    // Four columns: "한" (2) fits, "지" (2) would leave no room for "…".
    #expect(TextLayout.truncate("한지 노트", toWidth: 4) == "한…")
    #expect(TextWidth.columns(of: TextLayout.truncate("한지 노트", toWidth: 4)) <= 4)
    #expect(TextLayout.truncate("abc", toWidth: 0) == "")
  }

  @Test func wrappingBreaksAtSpacesAndInsideLongWords() {
    #expect(TextLayout.wrap("Lay-flat binding and 100 g paper", toWidth: 12) == ["Lay-flat", "binding and", "100 g paper"])
    #expect(TextLayout.wrap("Supercalifragilistic", toWidth: 8) == ["Supercal", "ifragili", "stic"])
    #expect(TextLayout.wrap("한지 노트북", toWidth: 5) == ["한지", "노트", "북"])
    #expect(TextLayout.wrap("", toWidth: 5).isEmpty)
    for line in TextLayout.wrap("手ぬぐい towel 👩‍👩‍👧 from Tokyo, wave pattern", toWidth: 7) {
      #expect(TextWidth.columns(of: line) <= 7)
    }
  }

  @Test func keyNames() throws {
    #expect(try Key.sequence(parsing: "j k + Enter Esc S-Tab C-c Space PgDn") == [
      .character("j"), .character("k"), .character("+"), .enter, .escape, .backTab, .control("c"),
      .character(" "), .pageDown,
    ])
    #expect(throws: KeyNameError(name: "Hyper")) { try Key.sequence(parsing: "j Hyper") }
  }
}
