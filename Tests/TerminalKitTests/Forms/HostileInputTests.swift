import TerminalKit
import TerminalKitTesting
import Testing

/// What a hostile reviewer tried on the text input and the form, each kept as a test.
struct HostileInputTests {
  @Test func combiningMarksCannotGrowAFieldPastItsBound() {
    var field = TextFieldState(text: "a", limit: 20)
    let marks = String(repeating: "\u{301}", count: 700)
    for _ in 0..<10 { field.apply(.paste(marks)) }
    #expect(field.text.count == 1, "the marks joined the letter")
    #expect(field.text.unicodeScalars.count <= 20 * 32, "\(field.text.unicodeScalars.count) scalars")
    #expect(field.wasCut)
  }

  @Test func bidirectionalOverridesAreNotStored() {
    var field = TextFieldState(limit: 50)
    field.apply(.paste("abc\u{202E}fed\u{2066}x"))
    #expect(field.text == "abcfedx")
  }

  @Test func anEscapeSequenceEndsWhereATerminalWouldEndIt() {
    var field = TextFieldState(limit: 50)
    field.apply(.paste("\u{1B}[한국어 text"))
    #expect(field.text == "한국어 text", "a character no CSI can hold ends it and is kept")
    var osc = TextFieldState(limit: 50)
    osc.apply(.paste("\u{1B}]0;title\u{9C}after"))
    #expect(osc.text == "after", "C1 ST ends an OSC string")
    var open = TextFieldState(limit: 50)
    open.apply(.paste("\u{1B}]" + String(repeating: "x", count: 100_000)))
    #expect(open.text.isEmpty, "an unterminated string is read only as far as the budget")
  }

  @Test func enterAfterMovingTheHighlightChoosesIt() {
    var choice = ChoiceState(options: ["France", "Japan", "Korea"], selected: 0)
    #expect(choice.edit(for: .enter) == nil, "nothing moved: Enter moves on")
    choice.apply(.highlightNext)
    #expect(choice.edit(for: .enter) == .chooseHighlighted)
    choice.apply(.chooseHighlighted)
    #expect(choice.value == "Japan")
    #expect(choice.edit(for: .enter) == nil)
  }

  @Test func aWideCharacterUnderTheCursorAtTheEdgeIsDrawn() {
    let field = TextFieldState(text: "abcdefghi한", limit: 20).placingCursorForTest(at: 9)
    let canvas = Canvas.rendering(TextField<Never>(field), size: Size(width: 10, height: 1))
    #expect(canvas.textRows[0].contains("한"))
    #expect(canvas.cursor != nil)
  }

  @Test func aFocusedChoiceTallerThanTheFormIsDrawnAsFarAsItFits() {
    var address = FormTests.Address()
    address.focus = .country
    let canvas = Canvas.rendering(FormView<FormTests.Address, FormTests.Address.Field, Never>(address.form), size: Size(width: 40, height: 3))
    #expect(canvas.textRows[0].contains("Country"))
    #expect(canvas.textRows[1].contains("France"))
    #expect(canvas.cursor != nil)
  }

  @Test func keyNamesAreBounded() {
    #expect(Key(name: String(repeating: "M-", count: 10_000) + "b") == nil)
    #expect(Key(name: "M-M-b") == .alt(.alt(.character("b"))))
  }

  @Test func aSearchLineDrawsNothingOutsideANarrowArea() {
    for width in 0..<6 {
      var frame = Frame<Never>(size: Size(width: 8, height: 1))
      frame.render(SearchLine(text: "long search", cursor: 3, count: "12 of 20"), in: Rect(x: 1, y: 0, width: width, height: 1))
      for x in 0..<8 where x < 1 || x >= 1 + width {
        #expect(frame[x, 0] == Canvas.Cell.blank, "width \(width): drew at \(x)")
      }
    }
  }
}

extension TextFieldState {
  /// The same text with the cursor after `offset` characters (moved there by keys).
  func placingCursorForTest(at offset: Int) -> Self {
    var moved = self
    moved.apply(.moveToStart)
    for _ in 0..<offset { moved.apply(.moveRight) }
    return moved
  }
}

/// The accessible view keeps the point of input on screen however long the answer's text is.
struct AccessibleScrollingTests {
  @Test func theAnswersRowIsAlwaysOnScreen() {
    var address = FormTests.Address()
    address.focus = .notes
    address.notes = TextFieldState(text: (1...30).map { "line \($0)" }.joined(separator: "\n"), limit: 1_000, multiline: true)
    let canvas = Canvas.rendering(AccessibleFormView<FormTests.Address, FormTests.Address.Field, Never>(address.form, title: "Notes"), size: Size(width: 40, height: 6))
    #expect(canvas.cursor?.y == 5, "the last row")
    #expect(canvas.textRows[5] == "> line 30")
  }
}

/// A text area given a one-line value: its keys, its hints and Enter agree.
struct OneLineTextAreaTests {
  struct Note { var text = TextFieldState(limit: 20); var focus: Int? = 0 }

  @Test func enterMovesOnAndTheHintsSaySo() {
    let note = Note()
    let form = Form(note, focus: note.focus, fields: [FormField<Note, Int>.textArea(0, "Note", \.text), .button(1, "Save")])
    #expect(form.hints.first?.text == "done")
    #expect(!form.keyBindings.contains { $0.summary == "new line" })
    if case .submit? = form.handle(.key(.enter)) {} else { Issue.record("Enter should submit the form's last input") }
  }
}
