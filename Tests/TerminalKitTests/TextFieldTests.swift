import TerminalKit
import Testing

/// `TextField`: the rows it draws and where it puts the cursor, at odd widths, with wide
/// characters, masked, without focus.
struct TextFieldTests {
  private func drawn(_ state: TextFieldState, width: Int, placeholder: String = "", masked: Bool = false, focused: Bool = true) -> Canvas {
    Canvas.rendering(TextField<Never>(state, placeholder: placeholder, masked: masked, focused: focused), size: Size(width: width, height: 1), theme: .monochrome)
  }

  @Test func theCursorFollowsTheTextAndShowsOnItsCell() {
    let canvas = drawn(TextFieldState(text: "hello"), width: 10)
    #expect(canvas.textRows == ["hello"])
    #expect(canvas.cursor == Point(x: 5, y: 0))
    #expect(canvas[5, 0].style.isReversed, "the cursor's cell, for terminals that hide theirs")
    var moved = TextFieldState(text: "hello")
    moved.apply(.moveToStart)
    #expect(drawn(moved, width: 10).cursor == Point(x: 0, y: 0))
  }

  @Test func longTextScrollsToKeepTheCursorInView() {
    let state = TextFieldState(text: "abcdefghijklmnopqrstuvwxyz")
    let canvas = drawn(state, width: 8)
    #expect(canvas.textRows == ["vwxyz"], "scrolled by whole half-fields (three columns): seven jumps")
    #expect(canvas.cursor == Point(x: 5, y: 0))
    var home = state
    home.apply(.moveToStart)
    #expect(drawn(home, width: 8).textRows == ["abcdefgh"])
  }

  @Test func wideCharactersAreNeverSplitAtEitherEnd() {
    let state = TextFieldState(text: "漢字かな漢字")  // twelve columns
    let canvas = drawn(state, width: 7)
    #expect(canvas.textRows == ["な漢字"], "six columns shown whole, then the cursor")
    #expect(canvas.cursor == Point(x: 6, y: 0))
    var middle = state
    middle.apply(.moveToStart)
    middle.apply(.moveRight)
    let start = drawn(middle, width: 5)
    #expect(start.textRows == ["漢字"], "a third wide character would not fit in the fifth column")
    #expect(start.cursor == Point(x: 2, y: 0))
  }

  @Test func anEmptyFieldShowsItsPlaceholderAndAMaskedOneDots() {
    let empty = drawn(TextFieldState(), width: 12, placeholder: "Your name")
    #expect(empty.textRows == ["Your name"] && empty.cursor == Point(x: 0, y: 0))
    let secret = drawn(TextFieldState(text: "hunter2"), width: 12, masked: true)
    #expect(secret.textRows == ["•••••••"] && secret.cursor == Point(x: 7, y: 0))
    let unfocused = drawn(TextFieldState(text: "abcdefghij"), width: 5, focused: false)
    #expect(unfocused.textRows == ["abcde"] && unfocused.cursor == nil, "without focus: the start, and no cursor")
  }

  @Test func oddSizesDrawNothingOutside() {
    #expect(drawn(TextFieldState(text: "abc"), width: 1).textRows == [""], "one column: the cursor's cell")
    #expect(drawn(TextFieldState(text: "abc"), width: 1).cursor == Point(x: 0, y: 0))
    #expect(drawn(TextFieldState(text: "漢"), width: 1).textRows == [""], "a wide character never half drawn")
    #expect(drawn(TextFieldState(text: "abc"), width: 0).cursor == nil)
    var hostile = TextFieldState()
    hostile.apply(.paste("\u{1B}[2J\u{1B}]0;pwned\u{07}ok\r\n"))
    #expect(drawn(hostile, width: 10).textRows == ["ok"])
  }

  @Test func typingAtTheEndScrollsInJumpsNotAtEveryCharacter() {
    var state = TextFieldState(limit: 100)
    var firsts: [String] = []
    for letter in "abcdefghijklmnopqrst" {
      state.apply(.insert(String(letter)))
      firsts.append(String(drawn(state, width: 11).textRows[0].prefix(1)))
    }
    // Ten columns of room, jumps of five: the view moves at the 11th and the 16th letter only.
    #expect(firsts == Array(repeating: "a", count: 10) + Array(repeating: "f", count: 5) + Array(repeating: "k", count: 5))
  }
}
