/// A line of text being edited, and where the cursor is: the value a ``TextField`` draws and a
/// reducer keeps. Pure: every edit is a function of the value and the edit, so a test can
/// replay any sequence of keys without a terminal.
///
/// The unit is the grapheme cluster (Swift's `Character`): a Korean syllable, an emoji with
/// skin tone or joiners, a letter with combining marks moves and deletes as one, as a person
/// sees it. Editing works as in a shell's line editor (Ctrl-A/E, Ctrl-K/U/W), and what arrives
/// from outside — typed or pasted — is cleaned first: control characters and escape sequences
/// are dropped, line breaks and tabs become spaces, and text past ``limit`` is cut, with
/// ``wasCut`` set so the field can say so.
public struct TextFieldState: Hashable, Sendable {
  public private(set) var text: String
  /// How many characters are before the cursor.
  public private(set) var cursor: Int
  /// The most characters the field holds.
  public let limit: Int
  /// Whether the last insertion or paste was cut at ``limit``.
  public private(set) var wasCut = false

  /// The most any field holds, whatever limit it is given: a bound on the work of every edit.
  public static let maximumLimit = 10_000

  public init(text: String = "", limit: Int = 200) {
    self.limit = Swift.max(0, Swift.min(limit, Self.maximumLimit))
    let clean = Self.clean(text, keeping: self.limit)
    self.text = String(clean.prefix(self.limit))
    cursor = self.text.count
    wasCut = clean.count > self.limit
  }

  public enum Edit: Hashable, Sendable {
    /// Text typed at the cursor.
    case insert(String)
    /// Text pasted at the cursor (cleaned the same way; named apart so a reducer can tell).
    case paste(String)
    case deleteBackward
    case deleteForward
    /// Ctrl-W: the word before the cursor, and the spaces after it.
    case deleteWordBackward
    /// Ctrl-U: everything before the cursor.
    case deleteToStart
    /// Ctrl-K: everything after the cursor.
    case deleteToEnd
    case moveLeft
    case moveRight
    case moveWordLeft
    case moveWordRight
    case moveToStart
    case moveToEnd
  }

  public mutating func apply(_ edit: Edit) {
    var characters = Array(text)
    wasCut = false
    switch edit {
    case let .insert(arriving), let .paste(arriving):
      let clean = Self.clean(arriving, keeping: limit)
      let room = Swift.max(0, limit - characters.count)
      characters.insert(contentsOf: clean.prefix(room), at: cursor)
      cursor += Swift.min(room, clean.count)
      wasCut = clean.count > room
    case .deleteBackward where cursor > 0:
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward where cursor < characters.count:
      characters.remove(at: cursor)
    case .deleteWordBackward:
      let start = Self.wordStart(before: cursor, in: characters)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    case .moveLeft:
      cursor = Swift.max(0, cursor - 1)
    case .moveRight:
      cursor = Swift.min(characters.count, cursor + 1)
    case .moveWordLeft:
      cursor = Self.wordStart(before: cursor, in: characters)
    case .moveWordRight:
      var end = cursor
      while end < characters.count, !Self.isWordCharacter(characters[end]) { end += 1 }
      while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
      cursor = end
    case .moveToStart:
      cursor = 0
    case .moveToEnd:
      cursor = characters.count
    case .deleteBackward, .deleteForward:
      break
    }
    // Joined again, a combining mark typed after a letter becomes one grapheme with it: the
    // cursor is counted again from the text before it.
    let before = String(characters[..<cursor])
    text = String(characters)
    cursor = Swift.min(before.count, text.count)
  }

  /// The edit a key asks for in a one-line field, or `nil` for a key the field leaves to the
  /// screen (Enter, Esc, Tab, arrows up and down).
  public static func edit(for key: Key) -> Edit? {
    switch key {
    case let .character(character): .insert(String(character))
    case .backspace, .control("h"): .deleteBackward
    case .delete, .control("d"): .deleteForward
    case .control("w"): .deleteWordBackward
    case .control("u"): .deleteToStart
    case .control("k"): .deleteToEnd
    case .left, .control("b"): .moveLeft
    case .right, .control("f"): .moveRight
    case .home, .control("a"): .moveToStart
    case .end, .control("e"): .moveToEnd
    default: nil
    }
  }

  // MARK: Cleaning

  /// `text` as a field may hold it: escape sequences (CSI, OSC, other ESC-introduced ones) and
  /// control characters dropped, line breaks and tabs as spaces — at most `maximum + 1`
  /// characters of it, so that a paste of any size costs the same small work and still shows
  /// whether it was longer than `maximum`.
  static func clean(_ text: String, keeping maximum: Int = maximumLimit) -> [Character] {
    // A grapheme rarely has more than a dozen scalars; reading 32 per character kept is enough.
    let scalarBudget = (maximum + 1) * 32
    var kept = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var read = 0
    while read < scalarBudget, let scalar = scalars.next() {
      read += 1
      switch scalar.value {
      case 0x1B:
        skipEscapeSequence(&scalars)
      case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
        kept.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0:
        continue
      default:
        kept.append(scalar)
      }
    }
    return Array(String(kept).prefix(maximum + 1))
  }

  /// Skips what follows an ESC: a CSI sequence to its final byte, an OSC/DCS/APC/PM/SOS string
  /// to its terminator, or one character.
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    case "]", "P", "_", "^", "X":
      var previous: Unicode.Scalar?
      while let next = scalars.next() {
        if next == "\u{07}" || (previous == "\u{1B}" && next == "\\") { break }
        previous = next
      }
    default:
      break
    }
  }

  // MARK: Words

  private static func isWordCharacter(_ character: Character) -> Bool {
    !character.isWhitespace && !character.isPunctuation && !character.isSymbol
  }

  private static func wordStart(before cursor: Int, in characters: [Character]) -> Int {
    var start = cursor
    while start > 0, !isWordCharacter(characters[start - 1]) { start -= 1 }
    while start > 0, isWordCharacter(characters[start - 1]) { start -= 1 }
    return start
  }
}
