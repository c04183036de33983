/// A list that shows as many rows as fit, scrolled so that the selected row is visible, and
/// draws only those rows — a frame costs the same for 20 rows or 100,000.
///
/// Each row is drawn by `row`, in its one-row rectangle, which also registers the row's click
/// targets; the selected row then gets `selectionStyle` over the part `row` returns as its
/// highlight (the whole row if `nil`), and, when the list has the keyboard (`hasFocus`), the
/// frame's focus at its first cell.
public struct ScrollingList<Command: Hashable & Sendable>: StatefulWidget {
  public typealias RowDrawing = (_ index: Int, _ area: Rect, _ isSelected: Bool, _ frame: inout Frame<Command>) -> Rect?

  public var count: Int
  public var selected: Int?
  public var selectionStyle: Style
  /// Whether the keyboard is on this list: its selected row is then the frame's focus. A list
  /// beside a field being typed in keeps its selection and leaves the focus to the field.
  public var hasFocus: Bool
  public var row: RowDrawing

  public init(count: Int, selected: Int?, selectionStyle: Style, hasFocus: Bool = true, row: @escaping RowDrawing) {
    self.count = count
    self.selected = selected
    self.selectionStyle = selectionStyle
    self.hasFocus = hasFocus
    self.row = row
  }

  public func render(in area: Rect, on frame: inout Frame<Command>, state: inout ListState) {
    guard area.height > 0, count > 0 else {
      state.offset = 0
      return
    }
    state.resize(to: area.height, showing: selected, count: count)
    for (line, index) in state.visibleRange(count: count).enumerated() {
      let rowArea = area.row(line)
      let isSelected = index == selected
      let highlight = row(index, rowArea, isSelected, &frame)
      if isSelected {
        let highlighted = highlight ?? rowArea
        frame.highlight(highlighted, with: selectionStyle)
        if hasFocus { frame.markFocus(at: highlighted.origin) }
      }
    }
  }
}
