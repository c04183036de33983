import Synchronization
import Testing

@testable import TerminalKit

/// `TextFieldState`: editing by grapheme, the line editor's keys, and whatever arrives cleaned.
struct TextFieldStateTests {
  private func field(_ text: String, limit: Int = 200, _ edits: TextFieldState.Edit...) -> TextFieldState {
    var state = TextFieldState(text: text, limit: limit)
    for edit in edits { state.apply(edit) }
    return state
  }

  @Test func graphemesMoveAndDeleteAsOne() {
    let family = "👩‍👩‍👧"  // four people's scalars joined: one character
    var state = TextFieldState(text: "한\(family)e\u{301}")
    #expect(state.text.count == 3 && state.cursor == 3)
    state.apply(.deleteBackward)
    #expect(state.text == "한\(family)", "é (e and a combining accent) went as one")
    state.apply(.moveLeft)
    state.apply(.deleteBackward)
    #expect(state.text == family && state.cursor == 0, "the syllable went as one")
    state.apply(.deleteForward)
    #expect(state.text.isEmpty, "the family went as one")
  }

  @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
    let state = field("cafe", .insert("\u{301}"), .insert("s"))
    #expect(state.text == "café" + "s" && state.cursor == 5 && state.text.count == 5)
  }

  @Test func theLineEditorsKeys() {
    #expect(field("one two three", .deleteWordBackward).text == "one two ")
    #expect(field("one two three", .moveWordLeft, .moveWordLeft, .deleteToEnd).text == "one ")
    #expect(field("one two three", .moveToStart, .moveWordRight, .deleteToStart).text == " two three")
    #expect(field("path/to/file", .deleteWordBackward).text == "path/to/", "punctuation ends a word")
    #expect(field("abc", .moveToStart, .moveRight, .insert("X")).text == "aXbc")
    #expect(field("abc", .moveToStart, .deleteBackward, .moveToEnd, .deleteForward).text == "abc", "nothing past either end")
    let keys: [(Key, TextFieldState.Edit?)] = [
      (.control("a"), .moveToStart), (.home, .moveToStart), (.control("e"), .moveToEnd), (.end, .moveToEnd),
      (.control("k"), .deleteToEnd), (.control("u"), .deleteToStart), (.control("w"), .deleteWordBackward),
      (.backspace, .deleteBackward), (.delete, .deleteForward), (.left, .moveLeft), (.right, .moveRight),
      (.character("x"), .insert("x")), (.enter, nil), (.escape, nil), (.tab, nil), (.up, nil),
    ]
    for (key, edit) in keys { #expect(TextFieldState.edit(for: key) == edit, "\(key)") }
  }

  @Test func pastedTextIsCleanedOfControlsAndEscapes() {
    let hostile = "a\u{1B}[31mred\u{1B}[0m\u{1B}]0;title\u{07}b\u{1B}_Gi=1;AAAA\u{1B}\\c\u{0}\u{8}\u{9B}d\r\ne\tf\u{2028}g"
    #expect(field("", .paste(hostile)).text == "aredbcd  e f g")
    #expect(TextFieldState(text: "x\u{1B}[2Jy").text == "xy", "an initial text too")
  }

  @Test func aPasteIsCutAtTheLimitAndSaysSo() {
    var state = field("abc", limit: 5, .paste("defgh"))
    #expect(state.text == "abcde" && state.wasCut && state.cursor == 5)
    state.apply(.moveLeft)
    #expect(!state.wasCut, "the next edit clears the mark")
    state.apply(.insert("z"))
    #expect(state.text == "abcde" && state.wasCut, "a full field takes nothing more")
    #expect(!field("ab", limit: 5, .paste("cde")).wasCut, "exactly full is not cut")
    #expect(TextFieldState(text: "abcdef", limit: 3).text == "abc")
    #expect(TextFieldState(text: "abc", limit: -1).limit == 0)
    #expect(TextFieldState(limit: 1_000_000).limit == TextFieldState.maximumLimit)
  }

  /// The work a paste costs is bounded by the field, not the paste: cleaning reads a fixed
  /// number of scalars of an endless one (counted, not timed), escape sequences included.
  @Test func aHugePasteCostsAsLittleAsASmallOne() {
    let budget = 51 * TextFieldState.scalarsPerCharacter
    for unit in ["0", "\u{1B}[", "\u{1B}]8;;", "e\u{301}"] {
      let endless = CountedScalars(repeating: unit)
      let kept = TextFieldState.clean(scalars: endless, keeping: 50)
      #expect(endless.read <= budget, "\(endless.read) scalars read of \(unit.debugDescription) repeated")
      #expect(kept.count <= 51)
    }
    let state = field("", limit: 50, .paste(String(repeating: "0123456789", count: 100_000)))
    #expect(state.text.count == 50 && state.wasCut)
  }
}

/// `unit`'s scalars over and over without end, counting how many were read.
private final class CountedScalars: Sequence, Sendable {
  private let unit: [Unicode.Scalar]
  private let count = Mutex(0)
  var read: Int { count.withLock { $0 } }

  init(repeating unit: String) { self.unit = Array(unit.unicodeScalars) }

  func makeIterator() -> AnyIterator<Unicode.Scalar> {
    var index = 0
    return AnyIterator { [self] in
      count.withLock { $0 += 1 }
      defer { index = (index + 1) % unit.count }
      return unit[index]
    }
  }
}
