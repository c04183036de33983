/// A one-line text field: the text of a ``TextFieldState`` on the first row of its area, the
/// placeholder when it is empty, dots instead of the text when it is masked (a password).
///
/// While it has focus the terminal's cursor is put at the point of input (the frame's
/// ``Frame/showCursor(at:)``) and that cell is drawn reversed as well, for terminals that do
/// not show their cursor. Text wider than the field scrolls so that the cursor stays in view,
/// measured by display width: a wide character is never split, and the cursor's own cell is
/// always kept free at the end.
public struct TextField<Command: Hashable & Sendable>: Widget {
  public var state: TextFieldState
  public var placeholder: String
  public var isMasked: Bool
  public var hasFocus: Bool

  public init(_ state: TextFieldState, placeholder: String = "", masked: Bool = false, focused: Bool = true) {
    self.state = state
    self.placeholder = placeholder
    self.isMasked = masked
    self.hasFocus = focused
  }

  /// What a masked field shows for each character.
  public static var mask: Character { "•" }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard area.height > 0, area.width > 0 else { return }
    let row = area.y
    let cursorStyle = theme.text.adding(Style(reversed: true))
    if state.text.isEmpty {
      frame.draw(placeholder, at: Point(x: area.x, y: row), width: area.width, style: theme.secondary)
      if hasFocus {
        frame.highlight(Rect(x: area.x, y: row, width: 1, height: 1), with: Style(reversed: true))
        frame.showCursor(at: Point(x: area.x, y: row))
      }
      return
    }
    let characters = isMasked ? Array(repeating: Self.mask, count: state.text.count) : Array(state.text)
    let cursor = min(state.cursor, characters.count)
    // The cursor's own cell is kept free: two columns when it is on a wide character.
    let cursorWidth = cursor < characters.count ? TextWidth.columns(of: characters[cursor]) : 1
    let first = hasFocus ? Self.firstShown(characters, cursor: cursor, room: area.width - cursorWidth) : 0
    var column = area.x
    for index in characters.indices.dropFirst(first) {
      let width = TextWidth.columns(of: characters[index])
      guard column + width <= area.maxX else { break }
      let atCursor = hasFocus && index == cursor
      frame.draw(String(characters[index]), at: Point(x: column, y: row), style: atCursor ? cursorStyle : theme.text)
      if atCursor { frame.showCursor(at: Point(x: column, y: row)) }
      column += width
    }
    if hasFocus, cursor == characters.count, column < area.maxX {
      frame.draw(" ", at: Point(x: column, y: row), style: cursorStyle)
      frame.showCursor(at: Point(x: column, y: row))
    }
  }

  /// The first character to show so that the text up to the cursor fits in `room` columns.
  ///
  /// The text scrolls in jumps of half the field, as a shell's line editor does: typing at the
  /// end of a long line moves the text once every half a field, not at every character (which
  /// would send the whole line again for each key), and the view is a function of the cursor
  /// alone, so the same text and cursor always show the same way.
  static func firstShown(_ characters: [Character], cursor: Int, room: Int) -> Int {
    let cursorColumn = characters[..<cursor].reduce(0) { $0 + TextWidth.columns(of: $1) }
    guard room > 0 else { return cursor }
    guard cursorColumn > room else { return 0 }
    let step = max(1, room / 2)
    let target = (cursorColumn - room + step - 1) / step * step
    var first = 0
    var column = 0
    while first < cursor, column < target {
      column += TextWidth.columns(of: characters[first])
      first += 1
    }
    return first
  }
}
