import TerminalKit
import Testing

/// A form's keys: the focused field's own keys first, then moving between fields, submitting and
/// cancelling; what each does to the app's state.
struct FormTests {
  struct Address: Equatable {
    enum Field: Hashable, Sendable { case name, notes, country, gift, place, back }
    var name = TextFieldState(limit: 20)
    var notes = TextFieldState(limit: 100, multiline: true)
    var country = ChoiceState(options: ["France", "Japan", "South Korea"])
    var gift = false
    var focus: Field? = .name
    var messages: [Field: String] = [:]

    var form: Form<Address, Field> {
      Form(self, focus: focus, fields: [
        .text(.name, "Name", \.name, required: true, message: messages[.name]),
        .textArea(.notes, "Notes", \.notes),
        .choice(.country, "Country", \.country),
        .checkbox(.gift, "Gift wrap", \.gift),
        .button(.place, "Place order"),
        .button(.back, "Back"),
      ])
    }

    /// Sends `inputs` through the form as an app does: changes applied, focus moved.
    mutating func send(_ inputs: InputEvent...) -> [String] {
      var events: [String] = []
      for input in inputs {
        switch form.handle(input) {
        case let .change(change)?: change.apply(to: &self); events.append("change")
        case let .focus(field)?: focus = field; events.append("focus \(field)")
        case let .press(field)?: events.append("press \(field)")
        case .submit?: events.append("submit")
        case .cancel?: events.append("cancel")
        case nil: events.append("left to the screen")
        }
      }
      return events
    }
  }

  @Test func tabShiftTabAndTheArrowsMoveFocusInOrder() {
    var address = Address()
    #expect(address.send(.key(.tab), .key(.tab), .key(.tab)) == ["focus notes", "focus country", "focus gift"])
    #expect(address.send(.key(.backTab), .key(.up)) == ["focus country", "change"], "↑ in a choice highlights, it does not leave")
    address.focus = .place
    #expect(address.send(.key(.tab), .key(.tab)) == ["focus back", "left to the screen"], "the last field: the screen decides")
    address.focus = .name
    #expect(address.send(.key(.backTab)) == ["left to the screen"])
  }

  @Test func aFieldsEditingKeysWinOverTheScreens() {
    var address = Address()
    #expect(address.send(.key(.character("q")), .key(.character("j")), .key(.control("a"))) == ["change", "change", "change"])
    #expect(address.name.text == "qj")
    #expect(address.name.cursor == 0)
    #expect(address.send(.key(.control("c"))) == ["left to the screen"], "Ctrl-C is not an editing key")
  }

  @Test func enterAdvancesAndOnTheLastInputSubmits() {
    var address = Address()
    #expect(address.send(.key(.enter)) == ["focus notes"])
    #expect(address.send(.key(.enter)) == ["change"], "Enter in several lines is a line break")
    address.focus = .gift
    #expect(address.send(.key(.enter)) == ["submit"], "the checkbox is the last field that is not a button")
    #expect(address.send(.key(.character(" ")), .key(.character(" ")), .key(.character(" "))) == ["change", "change", "change"])
    #expect(address.gift)
    address.focus = .place
    #expect(address.send(.key(.enter), .key(.character(" "))) == ["press place", "press place"])
    #expect(address.send(.key(.escape)) == ["cancel"])
  }

  @Test func aChoiceIsFoundByTypingAndChosenWithEnter() {
    var address = Address()
    address.focus = .country
    #expect(address.send(.key(.character("k")), .key(.character("o")), .key(.enter)) == ["change", "change", "change"])
    #expect(address.country.value == "South Korea")
    #expect(address.send(.key(.enter)) == ["focus gift"], "chosen and nothing typed: Enter moves on")
    address.focus = .country
    #expect(address.send(.key(.character("x")), .key(.escape), .key(.escape)) == ["change", "change", "cancel"], "Esc forgets the search, then cancels")
  }

  @Test func aPasteIsCleanedAndCutAtTheFieldsLimit() {
    var address = Address()
    #expect(address.send(.paste("김\u{1B}[31m민\u{0}준\nSeoul 04524 and far too much more")) == ["change"])
    #expect(address.name.text == "김민준 Seoul 04524 and ", "twenty characters: the null dropped, the line break a space")
    #expect(address.name.wasCut)
    address.focus = .gift
    #expect(address.send(.paste("yes")) == ["left to the screen"])
  }

  @Test func theFirstFieldWithAMessageIsWhereSubmitSendsFocus() {
    var address = Address()
    #expect(address.form.firstFieldWithMessage == nil)
    address.messages = [.name: "a name is needed"]
    #expect(address.form.firstFieldWithMessage == .name)
  }

  /// `takes` answers for every key what `handle` would, on every field and with focus nowhere:
  /// a router that asks it never routes a key the form then ignores, nor loses one it takes.
  @Test func takesAgreesWithHandleForEveryKey() {
    let keys: [Key] = [
      .character("a"), .character(" "), .character("한"), .enter, .tab, .backTab, .escape, .up, .down, .left, .right,
      .home, .end, .backspace, .delete, .pageUp, .pageDown, .control("a"), .control("k"), .control("u"), .control("c"),
      .alt(.character("b")), .withControl(.left),
    ]
    var address = Address()
    address.notes.apply(.paste("first line\nsecond"))
    for focus in [nil] + [Address.Field.name, .notes, .country, .gift, .place, .back] {
      address.focus = focus
      for key in keys {
        #expect(address.form.takes(key) == (address.form.handle(.key(key)) != nil), "\(key) on \(String(describing: focus))")
      }
    }
    address.focus = .name
    #expect(address.form.takes(.character("a")) && !address.form.takes(.control("c")), "the test tells both answers apart")
  }

  @Test func withoutFocusOnlyTabEntersTheForm() {
    var address = Address()
    address.focus = nil
    #expect(address.send(.key(.character("j"))) == ["left to the screen"])
    #expect(address.send(.key(.tab)) == ["focus name"])
  }

  @Test func helpListsTheFocusedFieldsKeysFromTheTablesTheFormReads() {
    var address = Address()
    let textKeys = address.form.keyBindings.map(\.keyLabel)
    #expect(textKeys.contains("Ctrl-W"))
    #expect(textKeys.contains("Tab/↓"))
    address.focus = .gift
    let checkboxKeys = address.form.keyBindings.map(\.summary)
    #expect(checkboxKeys.contains("tick"))
    #expect(!checkboxKeys.contains("delete the word left"))
    #expect(address.form.hints.map(\.keys) == ["Space", "Tab", "S-Tab", "Esc"])
    address.focus = .name
    #expect(address.form.hints.map(\.text) == ["next", "next", "cancel"], "Enter: next, for a text that is not the last; no back from the first")
    #expect(address.send(.key(.backTab)) == ["left to the screen"], "and indeed Shift-Tab leads nowhere from there")
    #expect(address.form.keyBindings.filter { $0.keys == [.enter] }.count == 1, "Enter listed once")
  }
}
