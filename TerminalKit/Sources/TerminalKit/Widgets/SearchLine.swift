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

  public init(text: String, cursor: Int?, count: String) {
    self.text = text
    self.cursor = cursor
    self.count = count
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard area.height > 0, area.width > 0 else { return }
    // The count only where it leaves the "/" and a column of text room; never outside.
    let count = TextWidth.columns(of: self.count) + 3 <= area.width ? self.count : ""
    let countWidth = TextWidth.columns(of: count)
    frame.draw(count, at: Point(x: area.maxX - countWidth, y: area.y), style: theme.secondary)
    let x = area.x + frame.draw("/", at: Point(x: area.x, y: area.y), style: theme.key)
    // Room for the text and the cursor, a space before the count: a text field there.
    let room = max(0, area.maxX - countWidth - 1 - x)
    let field = TextFieldState(text: text, limit: TextFieldState.maximumLimit)
    frame.render(
      TextField<Command>(field.placingCursor(at: cursor ?? field.text.count), focused: cursor != nil),
      in: Rect(x: x, y: area.y, width: room, height: 1)
    )
  }
}
