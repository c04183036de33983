import TerminalKit
import Testing

/// Keys pressed with Alt or Control: how they are named, written and what a field does with them.
struct ModifiedKeyTests {
  @Test func namesAndLabels() throws {
    #expect(Key(name: "M-b") == .alt(.character("b")))
    #expect(Key(name: "A-Left") == .alt(.left))
    #expect(Key(name: "C-Right") == .withControl(.right))
    #expect(Key(name: "C-c") == .control("c"), "Control and a letter stays what it was")
    #expect(Key.alt(.backspace).label == "Alt-Backspace")
    #expect(Key.withControl(.left).label == "Ctrl-←")
    #expect(Key(name: "M-nothing") == nil)
  }

  @Test func wordMovesAsInAShell() {
    var text = TextFieldState(text: "ship to Seoul")
    text.apply(TextFieldState.edit(for: .alt(.character("b")))!)
    #expect(text.cursor == 8)
    text.apply(TextFieldState.edit(for: .withControl(.left))!)
    #expect(text.cursor == 5)
    text.apply(TextFieldState.edit(for: .alt(.right))!)
    #expect(text.cursor == 7)
    text.apply(TextFieldState.edit(for: .alt(.backspace))!)
    #expect(text.text == "ship  Seoul")
  }

  @Test func everyEditingKeyIsInTheTableHelpShows() {
    let listed = Set(TextFieldState.keyBindings.flatMap(\.keys))
    for key: Key in [.left, .right, .home, .end, .backspace, .delete, .control("w"), .control("u"), .control("k"), .alt(.character("f"))] {
      #expect(listed.contains(key), "\(key.label) edits but help does not list it")
      #expect(TextFieldState.edit(for: key) != nil)
    }
  }
}
