import TerminalKit
import TerminalKitTesting
import Testing

/// A form drawn: labels in a column, values beside them, messages under their fields, buttons
/// on one row; scrolled to the focused field when small; and the accessible view's plain lines.
struct FormViewTests {
  typealias Address = FormTests.Address

  private func drawn(_ address: Address, size: Size) -> Canvas {
    Canvas.rendering(FormView<Address, Address.Field, Never>(address.form), size: size)
  }

  @Test func theFormAt48x12() {
    var address = Address()
    address.name = TextFieldState(text: "김민준 Kim", limit: 20)
    address.notes = TextFieldState(text: "ring twice\nsecond floor", limit: 100, multiline: true)
    address.messages = [.name: "the name on the door"]
    let canvas = drawn(address, size: Size(width: 48, height: 12))
    #expect(canvas.textRows[0] == "› Name *     김민준 Kim")
    #expect(canvas.textRows[1] == "             ✗ the name on the door")
    #expect(canvas.cursor == Point(x: 23, y: 0))
    assertSnapshot(of: canvas, as: .screen)
  }

  @Test func aFocusedChoiceShowsItsMatchesUnderIt() {
    var address = Address()
    address.focus = .country
    let canvas = drawn(address, size: Size(width: 40, height: 12))
    #expect(canvas.textRows[4].hasPrefix("› Country    find: type to find"), "after the name and the notes' three rows")
    #expect(canvas.textRows[5].contains("› France"))
    #expect(canvas.textRows[7].contains("South Korea"))
    #expect(canvas.textRows.last { !$0.isEmpty }?.contains("[ Place order ]  [ Back ]") == true)
  }

  @Test func aShortAreaScrollsToTheFocusedField() {
    var address = Address()
    address.focus = .back
    let canvas = drawn(address, size: Size(width: 40, height: 2))
    #expect(canvas.textRows[0].contains("Gift wrap"))
    #expect(canvas.textRows[1].contains("[ Back ]"))
  }

  @Test func oddSizesDrawWhatFitsAndNothingElse() {
    var address = Address()
    address.name = TextFieldState(text: "漢字漢字漢字漢字", limit: 20)
    for size in [Size(width: 1, height: 1), Size(width: 7, height: 3), Size(width: 13, height: 40), Size(width: 0, height: 5)] {
      let canvas = drawn(address, size: size)
      #expect(canvas.textRows.allSatisfy { TextWidth.columns(of: $0) <= size.width }, "\(size)")
    }
    #expect(drawn(address, size: Size(width: 13, height: 4)).textRows[0] == "› Nam…  漢字", "the label cut at a third of the width; the last characters that fit before the cursor")
  }

  @Test func theAccessibleViewIsPlainLinesWithTheCursorAtTheAnswer() {
    var address = Address()
    address.name = TextFieldState(text: "Ana", limit: 20)
    address.messages = [.name: "too short"]
    let canvas = Canvas.rendering(AccessibleFormView<Address, Address.Field, Never>(address.form, title: "Where to ship"), size: Size(width: 40, height: 8))
    #expect(canvas.textRows.prefix(6) == ["Where to ship", "Question 1 of 6.", "Name (required):", "> Ana", "Problem: too short", "Enter: next. Tab: next. Shift-Tab: back."])
    #expect(canvas.cursor == Point(x: 5, y: 3))
    #expect(!canvas.plainText.contains { "┌│└─›▾".contains($0) })
    assertSnapshot(of: canvas, as: .screen)
  }
}

/// The accessible view, a multi-line text and a cut paste at sizes no one plans for.
struct FormEdgeTests {
  typealias Address = FormTests.Address

  @Test func theAccessibleViewAndTheTextAreaStayInsideAnySize() {
    var address = Address()
    address.name = TextFieldState(text: "عربي 漢字 🇰🇷 e\u{301}", limit: 20)
    address.notes = TextFieldState(text: "one\n漢字漢字漢字\nthree", limit: 100, multiline: true)
    for size in [Size(width: 1, height: 1), Size(width: 3, height: 2), Size(width: 9, height: 30), Size(width: 0, height: 0)] {
      let plain = Canvas.rendering(AccessibleFormView<Address, Address.Field, Never>(address.form, title: "A long title for a small screen"), size: size)
      #expect(plain.textRows.allSatisfy { TextWidth.columns(of: $0) <= size.width }, "\(size)")
      if let cursor = plain.cursor { #expect(cursor.x < max(1, size.width) && cursor.y < max(1, size.height)) }
      let area = Canvas.rendering(TextArea<Never>(address.notes), size: size)
      #expect(area.textRows.allSatisfy { TextWidth.columns(of: $0) <= size.width }, "\(size)")
    }
  }

  @Test func aTextCutAtItsLimitSaysSoUnderTheField() {
    var address = Address()
    var name = address.name
    name.apply(.paste(String(repeating: "가", count: 50)))
    address.name = name
    let canvas = Canvas.rendering(FormView<Address, Address.Field, Never>(address.form), size: Size(width: 60, height: 10))
    #expect(canvas.textRows[1].trimmingCharacters(in: .whitespaces) == "cut at 20 characters")
    #expect(canvas[13, 1].style == Theme.color.warning)
  }
}
