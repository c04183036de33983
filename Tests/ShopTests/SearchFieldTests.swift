import Shop
import Testing

/// The search line's editing, as a shell's line editor does it.
struct SearchFieldTests {
  func field(_ text: String, cursor: Int? = nil) -> SearchField {
    var field = SearchField(text: text)
    if let cursor {
      field.apply(.moveToStart)
      for _ in 0..<cursor { field.apply(.moveRight) }
    }
    return field
  }

  @Test func typingGoesInAtTheCursor() {
    var field = field("hlamp", cursor: 1)
    field.apply(.insert("ead"))
    #expect(field.text == "headlamp")
    #expect(field.cursor == 4)
  }

  @Test func deletingCharactersWordsAndTheStart() {
    var field = field("brass bullet pen", cursor: 12)
    field.apply(.deleteWordBackward)
    #expect(field.text == "brass  pen")
    #expect(field.cursor == 6)
    field.apply(.deleteWordBackward)
    #expect(field.text == " pen")
    field.apply(.deleteForward)
    #expect(field.text == "pen")
    field.apply(.moveToEnd)
    field.apply(.deleteBackward)
    #expect(field.text == "pe")
    field.apply(.moveLeft)
    field.apply(.deleteToStart)
    #expect(field.text == "e")
    #expect(field.cursor == 0)
    field.apply(.deleteBackward)
    #expect(field.text == "e", "nothing before the cursor")
  }

  @Test func wideCharactersAndAccentsAreOneCharacterEach() {
    var field = field("抹茶é")
    #expect(field.cursor == 3)
    field.apply(.deleteBackward)
    field.apply(.moveLeft)
    field.apply(.insert("の"))
    #expect(field.text == "抹の茶")
  }

  @Test func aPastedLineBreakIsASpaceAndControlsAreDropped() {
    var field = SearchField()
    field.apply(.insert("clay\nmug\t\u{1B}[31mred\u{7}"))
    #expect(field.text == "clay mug red", "the escape sequence goes whole, not only its ESC")
  }

  @Test func anAbsurdPasteIsCutAtTheMaximum() {
    var field = SearchField()
    field.apply(.insert(String(repeating: "a", count: 100_000)))
    #expect(field.text.count == field.limit)
    field.apply(.insert("b"))
    #expect(field.text.count == field.limit)
    #expect(!field.text.contains("b"))
  }
}
