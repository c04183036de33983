/// Several lines of text being edited (a ``TextFieldState`` made `multiline`): the lines in its
/// area, scrolled so the cursor's line is in view, each cut at the area's width by display
/// width; the cursor put at the point of input while it has focus.
public struct TextArea<Command: Hashable & Sendable>: Widget {
  public var state: TextFieldState
  public var hasFocus: Bool

  public init(_ state: TextFieldState, focused: Bool = true) {
    self.state = state
    self.hasFocus = focused
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard !area.isEmpty else { return }
    let lines = state.lines
    let (cursorLine, cursorColumn) = state.cursorLine
    let first = max(0, cursorLine - area.height + 1)
    for (row, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
      let y = area.y + row
      let isCursorLine = hasFocus && first + row == cursorLine
      let placed = TextFieldState(text: String(line), limit: TextFieldState.maximumLimit).placingCursor(at: isCursorLine ? cursorColumn : 0)
      frame.render(TextField<Command>(placed, focused: isCursorLine), in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
    if hasFocus, lines.isEmpty { frame.showCursor(at: area.origin) }
  }
}
