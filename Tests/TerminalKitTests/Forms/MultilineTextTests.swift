import TerminalKit
import Testing

/// `TextFieldState(multiline: true)` and `TextArea`: line breaks kept, lines moved between,
/// line-wise Home/End, and the lines drawn with the cursor's line in view.
struct MultilineTextTests {
  @Test func enterBreaksTheLineAndTheArrowsMoveBetweenLines() {
    var text = TextFieldState(limit: 100, multiline: true)
    text.apply(.insert("first line"))
    text.apply(.newline)
    text.apply(.insert("second"))
    #expect(text.lines == ["first line", "second"])
    #expect(text.cursorLine == (1, 6))
    text.apply(.moveUp)
    #expect(text.cursorLine == (0, 6), "the same column on the line above")
    text.apply(.moveToEnd)
    #expect(text.cursorLine == (0, 10), "End: the line's end, not the text's")
    text.apply(.moveDown)
    #expect(text.cursorLine == (1, 6), "the shorter line's end")
    text.apply(.deleteToStart)
    #expect(text.lines == ["first line", ""], "Ctrl-U: this line only")
  }

  @Test func aPastedTextKeepsItsLinesWhateverTheirEnds() {
    var text = TextFieldState(limit: 100, multiline: true)
    text.apply(.paste("one\r\ntwo\rthree\nfour\u{1B}[1m\t!"))
    #expect(text.lines == ["one", "two", "three", "four !"])
    var oneLine = TextFieldState(limit: 100)
    oneLine.apply(.paste("one\r\ntwo"))
    #expect(oneLine.text == "one  two", "a one-line field folds them")
  }

  @Test func theLimitCountsTheLineBreaks() {
    var text = TextFieldState(limit: 3, multiline: true)
    text.apply(.insert("ab"))
    text.apply(.newline)
    text.apply(.newline)
    #expect(text.text == "ab\n")
    #expect(text.wasCut, "the second line break did not fit")
  }

  @Test func onlyTheFirstAndLastLinesLeaveUpAndDownToTheForm() {
    var text = TextFieldState(text: "a\nb", limit: 10, multiline: true)
    #expect(text.edit(for: .down) == nil, "the cursor is on the last line")
    #expect(text.edit(for: .up) == .moveUp)
    #expect(text.edit(for: .enter) == .newline)
    text.apply(.moveUp)
    #expect(text.edit(for: .up) == nil)
  }

  @Test func theAreaScrollsToTheCursorsLine() {
    let text = TextFieldState(text: "1\n2\n3\n4\n5", limit: 100, multiline: true)
    let canvas = Canvas.rendering(TextArea<Never>(text), size: Size(width: 6, height: 3))
    #expect(canvas.textRows == ["3", "4", "5"])
    #expect(canvas.cursor == Point(x: 1, y: 2))
    let wide = TextFieldState(text: "한국어 주소\n둘", limit: 100, multiline: true)
    #expect(Canvas.rendering(TextArea<Never>(wide, focused: false), size: Size(width: 5, height: 2)).textRows == ["한국", "둘"])
  }
}
