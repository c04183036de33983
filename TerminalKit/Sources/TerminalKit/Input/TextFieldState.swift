/// Text being edited, and where the cursor is: the value a ``TextField`` (one line) or a
/// ``TextArea`` (several, when made `multiline`) draws and a reducer keeps. Pure: every edit is a function of the value and the edit, so a test can
/// replay any sequence of keys without a terminal.
///
/// The unit is the grapheme cluster (Swift's `Character`): a Korean syllable, an emoji with
/// skin tone or joiners, a letter with combining marks moves and deletes as one, as a person
/// sees it. Editing works as in a shell's line editor (Ctrl-A/E, Ctrl-K/U/W), and what arrives
/// from outside — typed or pasted — is cleaned first: control characters and escape sequences
/// are dropped, tabs become spaces and so do line breaks unless the text is ``isMultiline``, and
/// text past ``limit`` is cut, with ``wasCut`` set so the field can say so.
public struct TextFieldState: Hashable, Sendable {
  public private(set) var text: String
  /// How many characters are before the cursor.
  public private(set) var cursor: Int
  /// The most characters the field holds.
  public let limit: Int
  /// Whether the last insertion or paste was cut at ``limit``.
  public private(set) var wasCut = false
  /// Whether the text keeps line breaks (a ``TextArea``'s): Enter starts a new line, ↑/↓ move
  /// between lines, and Home/End, Ctrl-U/K work on the cursor's line.
  public let isMultiline: Bool

  /// The most any field holds, whatever limit it is given: a bound on the work of every edit.
  public static let maximumLimit = 10_000

  public init(text: String = "", limit: Int = 200, multiline: Bool = false) {
    self.limit = Swift.max(0, Swift.min(limit, Self.maximumLimit))
    isMultiline = multiline
    let clean = Self.clean(text, keeping: self.limit, lineBreaks: multiline)
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
    /// Enter in a multi-line text: a line break at the cursor.
    case newline
    /// The same column (or the line's end) on the line above or below, in a multi-line text.
    case moveUp
    case moveDown
  }

  public mutating func apply(_ edit: Edit) {
    var characters = Array(text)
    wasCut = false
    switch edit {
    case let .insert(arriving), let .paste(arriving):
      let clean = Self.clean(arriving, keeping: limit, lineBreaks: isMultiline)
      // Room in characters, and in scalars: combining marks typed after a letter join it and
      // do not add a character, so the scalars are bounded too (as many per character as
      // `clean` reads), or a paste of marks could grow the text without end.
      let room = Swift.max(0, limit - characters.count)
      var scalarRoom = limit * Self.scalarsPerCharacter - text.unicodeScalars.count
      var taken = 0
      for character in clean.prefix(room) {
        scalarRoom -= character.unicodeScalars.count
        guard scalarRoom >= 0 else { break }
        taken += 1
      }
      characters.insert(contentsOf: clean.prefix(taken), at: cursor)
      cursor += taken
      wasCut = clean.count > taken
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
      let start = lineStart(of: cursor, in: characters)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToEnd:
      characters.removeSubrange(cursor..<lineEnd(of: cursor, in: characters))
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
      cursor = lineStart(of: cursor, in: characters)
    case .moveToEnd:
      cursor = lineEnd(of: cursor, in: characters)
    case .newline where isMultiline && characters.count < limit:
      characters.insert("\n", at: cursor)
      cursor += 1
    case .moveUp where isMultiline:
      let start = lineStart(of: cursor, in: characters)
      guard start > 0 else { break }
      let above = lineStart(of: start - 1, in: characters)
      cursor = Swift.min(above + (cursor - start), start - 1)
    case .moveDown where isMultiline:
      let end = lineEnd(of: cursor, in: characters)
      guard end < characters.count else { break }
      let column = cursor - lineStart(of: cursor, in: characters)
      cursor = Swift.min(end + 1 + column, lineEnd(of: end + 1, in: characters))
    case .deleteBackward, .deleteForward, .newline, .moveUp, .moveDown:
      wasCut = edit == .newline && isMultiline
    }
    // Joined again, a combining mark typed after a letter becomes one grapheme with it: the
    // cursor is counted again from the text before it.
    let before = String(characters[..<cursor])
    text = String(characters)
    cursor = Swift.min(before.count, text.count)
  }

  /// The edit a key asks for in this field, or `nil` for a key it leaves to the form or the
  /// screen: in one line Enter, Esc, Tab and ↑/↓; in several lines Esc, Tab, ↑ on the first line
  /// and ↓ on the last (so focus moves on from there).
  public func edit(for key: Key) -> Edit? {
    guard isMultiline else { return Self.edit(for: key) }
    let characters = Array(text)
    switch key {
    case .enter: return .newline
    case .up: return lineStart(of: cursor, in: characters) > 0 ? .moveUp : nil
    case .down: return lineEnd(of: cursor, in: characters) < characters.count ? .moveDown : nil
    default: return Self.edit(for: key)
    }
  }

  /// The edit a key asks for in a one-line field, or `nil` for a key the field leaves to the
  /// screen (Enter, Esc, Tab, arrows up and down). Typed characters insert themselves; every
  /// other key is looked up in ``keyBindings``, the table help shows.
  public static func edit(for key: Key) -> Edit? {
    if case let .character(character) = key { return .insert(String(character)) }
    return keyBindings.first { $0.keys.contains(key) }?.command
  }

  /// The editing keys of a field, as help lists them.
  public static let keyBindings: [KeyBinding<Edit>] = [
    KeyBinding([.left, .control("b")], "←/Ctrl-B", "character left", command: .moveLeft),
    KeyBinding([.right, .control("f")], "→/Ctrl-F", "character right", command: .moveRight),
    KeyBinding([.alt(.left), .withControl(.left), .alt(.character("b"))], "Alt-←/Alt-B", "word left", command: .moveWordLeft),
    KeyBinding([.alt(.right), .withControl(.right), .alt(.character("f"))], "Alt-→/Alt-F", "word right", command: .moveWordRight),
    KeyBinding([.home, .control("a")], "Home/Ctrl-A", "to the start", command: .moveToStart),
    KeyBinding([.end, .control("e")], "End/Ctrl-E", "to the end", command: .moveToEnd),
    KeyBinding([.backspace, .control("h")], "Backspace", "delete left", command: .deleteBackward),
    KeyBinding([.delete, .control("d")], "Delete/Ctrl-D", "delete right", command: .deleteForward),
    KeyBinding([.control("w"), .alt(.backspace)], "Ctrl-W", "delete the word left", command: .deleteWordBackward),
    KeyBinding([.control("u")], "Ctrl-U", "delete to the start", command: .deleteToStart),
    KeyBinding([.control("k")], "Ctrl-K", "delete to the end", command: .deleteToEnd),
  ]

  // MARK: Cleaning

  /// `text` as a field may hold it: escape sequences (CSI, OSC, other ESC-introduced ones) and
  /// control characters dropped, tabs as spaces, line breaks as spaces or (`lineBreaks`) as
  /// "\n", a Windows "\r\n" as one — at most `maximum + 1`
  /// characters of it, so that a paste of any size costs the same small work and still shows
  /// whether it was longer than `maximum`.
  static func clean(_ text: String, keeping maximum: Int = maximumLimit, lineBreaks: Bool = false) -> [Character] {
    clean(scalars: text.unicodeScalars, keeping: maximum, lineBreaks: lineBreaks)
  }

  /// ``clean(_:keeping:lineBreaks:)`` of any run of scalars: it reads at most
  /// `(maximum + 1) × scalarsPerCharacter` of them, however many there are (a test counts).
  static func clean<Scalars: Sequence<Unicode.Scalar>>(
    scalars text: Scalars, keeping maximum: Int = maximumLimit, lineBreaks: Bool = false
  ) -> [Character] {
    // A grapheme rarely has more than a dozen scalars; reading 32 per character kept is enough.
    let scalarBudget = (maximum + 1) * scalarsPerCharacter
    var kept = String.UnicodeScalarView()
    var scalars = text.makeIterator()
    var read = 0
    var afterReturn = false
    while read < scalarBudget, let scalar = scalars.next() {
      read += 1
      defer { afterReturn = scalar == "\r" }
      switch scalar.value {
      case 0x1B:
        // The sequence's own scalars count against the budget; a character that cannot be
        // part of it ends it and is kept, as a terminal would show it.
        if let ending = skipEscapeSequence(&scalars, reading: &read, budget: scalarBudget) {
          kept.append(ending)
        }
      case 0x0A where lineBreaks && afterReturn:
        continue
      case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
        kept.append(lineBreaks ? "\n" : " ")
      case 0x09, 0x0B, 0x0C:
        kept.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0:
        continue
      case _ where SafeText.isDropped(scalar):
        // Bidirectional overrides and isolates: the field stores what it shows.
        continue
      default:
        kept.append(scalar)
      }
    }
    return Array(String(kept).prefix(maximum + 1))
  }

  /// Skips what follows an ESC, counting what it reads in `read` and stopping at `budget`: a
  /// CSI sequence to its final byte (a scalar that cannot be in one ends it and is returned, to
  /// be kept), an OSC/DCS/APC/PM/SOS string to BEL, ST or C1 ST, or one character.
  private static func skipEscapeSequence<Scalars: IteratorProtocol<Unicode.Scalar>>(
    _ scalars: inout Scalars, reading read: inout Int, budget: Int
  ) -> Unicode.Scalar? {
    func next() -> Unicode.Scalar? {
      guard read < budget, let scalar = scalars.next() else { return nil }
      read += 1
      return scalar
    }
    guard let introducer = next() else { return nil }
    switch introducer {
    case "[":
      while let scalar = next() {
        switch scalar.value {
        case 0x20...0x3F: continue  // parameters and intermediates
        case 0x40...0x7E: return nil  // the final byte
        default: return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? nil : scalar
        }
      }
    case "]", "P", "_", "^", "X":
      var previous: Unicode.Scalar?
      while let scalar = next() {
        if scalar == "\u{07}" || scalar == "\u{9C}" || (previous == "\u{1B}" && scalar == "\\") { break }
        previous = scalar
      }
    default:
      break
    }
    return nil
  }

  /// The most scalars a character may bring, on average: the bound on a field's scalars is
  /// this times its limit.
  static let scalarsPerCharacter = 32

  /// The same text with the cursor before the character at `offset` (kept within the text).
  func placingCursor(at offset: Int) -> Self {
    var placed = self
    placed.cursor = Swift.max(0, Swift.min(offset, text.count))
    return placed
  }

  // MARK: Lines

  /// The lines of the text, and the cursor as a line and a character in it.
  public var lines: [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  public var cursorLine: (line: Int, column: Int) {
    let characters = Array(text)
    let start = lineStart(of: cursor, in: characters)
    return (characters[..<start].filter { $0 == "\n" }.count, cursor - start)
  }

  private func lineStart(of index: Int, in characters: [Character]) -> Int {
    guard isMultiline else { return 0 }
    var start = index
    while start > 0, characters[start - 1] != "\n" { start -= 1 }
    return start
  }

  private func lineEnd(of index: Int, in characters: [Character]) -> Int {
    guard isMultiline else { return characters.count }
    var end = index
    while end < characters.count, characters[end] != "\n" { end += 1 }
    return end
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
