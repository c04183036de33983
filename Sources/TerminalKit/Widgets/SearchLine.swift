/// A search line: `/back█            3 of 20`.
///
/// While it is edited (`cursor` is set) the cursor is a reversed cell, and the terminal's own
/// cursor is put there (where a screen reader looks for the point of input); text wider than the
/// line scrolls so that the cursor stays in view, and a wide character is never split.
public struct SearchLine<Command: Hashable & Sendable>: Widget {
  public var text: String
  /// The cursor's place in `text`, in characters, while the line is edited.
  public var cursor: Int?
  /// What the right end says: "3 of 20".
  public var count: String
  public var theme: Theme

  public init(text: String, cursor: Int?, count: String, theme: Theme) {
    self.text = text
    self.cursor = cursor
    self.count = count
    self.theme = theme
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard area.height > 0 else { return }
    let countWidth = TextWidth.columns(of: count)
    frame.draw(count, at: Point(x: area.maxX - countWidth, y: area.y), style: theme.secondary)
    let x = area.x + frame.draw("/", at: Point(x: area.x, y: area.y), style: theme.key)
    // Room for the text and the cursor, a space before the count.
    let room = max(0, area.maxX - countWidth - 1 - x)
    let characters = Array(SafeText.sanitize(text))
    let cursor = cursor.map { min(max(0, $0), characters.count) }
    let first = TextField<Command>.firstShown(characters, cursor: cursor ?? characters.count, room: room - 1)
    let cursorStyle = theme.text.adding(Style(reversed: true))
    var column = x
    for (index, character) in characters.enumerated().dropFirst(first) {
      let width = TextWidth.columns(of: character)
      guard column + width <= x + room else { break }
      frame.draw(String(character), at: Point(x: column, y: area.y), style: index == cursor ? cursorStyle : theme.text)
      if index == cursor { frame.showCursor(at: Point(x: column, y: area.y)) }
      column += width
    }
    if let cursor, cursor == characters.count, column < x + room {
      frame.draw(" ", at: Point(x: column, y: area.y), style: cursorStyle)
      frame.showCursor(at: Point(x: column, y: area.y))
    }
  }
}
