/// The search line being edited: its text and where the cursor is, in characters.
///
/// Editing works as in a shell's line editor: characters go in at the cursor (a paste too, its
/// line breaks as spaces), Backspace and Delete remove one character, Ctrl-W the word before
/// the cursor, Ctrl-U everything before it.
public struct SearchField: Hashable, Sendable {
  public private(set) var text: String
  /// The cursor's position: how many characters are before it.
  public private(set) var cursor: Int

  /// The longest search kept; a longer paste is cut there.
  public static let maximumLength = 200

  public init(text: String = "") {
    let text = String(text.prefix(Self.maximumLength))
    self.text = text
    self.cursor = text.count
  }

  public enum Edit: Hashable, Sendable {
    /// Text typed or pasted at the cursor.
    case insert(String)
    case deleteBackward
    case deleteForward
    case deleteWordBackward
    case deleteToStart
    case moveLeft
    case moveRight
    case moveToStart
    case moveToEnd
  }

  public mutating func apply(_ edit: Edit) {
    var characters = Array(text)
    switch edit {
    case let .insert(typed):
      let clean = typed.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter { !$0.isControlCharacter }
      let room = max(0, Self.maximumLength - characters.count)
      let inserted = clean.prefix(room)
      characters.insert(contentsOf: inserted, at: cursor)
      cursor += inserted.count
    case .deleteBackward where cursor > 0:
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward where cursor < characters.count:
      characters.remove(at: cursor)
    case .deleteWordBackward:
      var start = cursor
      while start > 0, characters[start - 1].isWhitespace { start -= 1 }
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .moveLeft:
      cursor = max(0, cursor - 1)
    case .moveRight:
      cursor = min(characters.count, cursor + 1)
    case .moveToStart:
      cursor = 0
    case .moveToEnd:
      cursor = characters.count
    case .deleteBackward, .deleteForward:
      break
    }
    text = String(characters)
  }
}

extension Character {
  /// C0 and C1 controls and DEL: never part of a search.
  var isControlCharacter: Bool {
    unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }
}
