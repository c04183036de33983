import TerminalKit
/// The search line at the foot of the product list: `/back█            3 of 20`.
///
/// While it is edited the cursor is a reversed cell; text wider than the line scrolls so that
/// the cursor stays in view, and a wide character is never split.
public enum SearchLine {
  public static func draw(
    text: String, cursor: Int?, count: String, in rect: Rect, on canvas: inout ScreenFrame, theme: Theme
  ) {
    let countWidth = TextWidth.columns(of: count)
    canvas.draw(count, at: Point(x: rect.maxX - countWidth, y: rect.y), style: theme.secondary)
    let x = rect.x + canvas.draw("/", at: Point(x: rect.x, y: rect.y), style: theme.key)
    // Room for the text and the cursor, a space before the count.
    let room = max(0, rect.maxX - countWidth - 1 - x)
    let characters = Array(SafeText.sanitize(text))
    let cursor = cursor.map { min(max(0, $0), characters.count) }
    let first = firstShown(characters, cursor: cursor ?? characters.count, room: room - 1)
    var column = x
    for (index, character) in characters.enumerated().dropFirst(first) {
      let width = TextWidth.columns(of: character)
      guard column + width <= x + room else { break }
      canvas.draw(String(character), at: Point(x: column, y: rect.y), style: index == cursor ? theme.text.adding(Style(reversed: true)) : theme.text)
      column += width
    }
    if let cursor, cursor == characters.count, column < x + room {
      canvas.draw(" ", at: Point(x: column, y: rect.y), style: theme.text.adding(Style(reversed: true)))
    }
  }

  /// The first character to show so that the text up to the cursor fits in `room` columns.
  static func firstShown(_ characters: [Character], cursor: Int, room: Int) -> Int {
    var first = 0
    var width = characters[..<cursor].reduce(0) { $0 + TextWidth.columns(of: $1) }
    while width > room, first < cursor {
      width -= TextWidth.columns(of: characters[first])
      first += 1
    }
    return first
  }
}
