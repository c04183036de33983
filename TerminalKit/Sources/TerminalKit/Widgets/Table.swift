/// Rows under a header, in columns sized by ``Constraint``: the selected row highlighted and
/// kept in view (its ``ListState`` is the same one model every list keeps), the sorted column's
/// title marked ▲ or ▼, each cell cut with "…" at its column's display width (a wide character
/// is never split), and a scrollbar when the rows do not all fit.
///
/// Only the rows on screen are asked for: `cell` is called for them alone, so a frame costs
/// the same for 20 rows or 100,000.
public struct Table<Command: Hashable & Sendable>: StatefulWidget {
  public struct Column: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case leading, trailing }

    public var title: String
    public var width: Constraint
    public var alignment: Alignment

    public init(_ title: String, width: Constraint, alignment: Alignment = .leading) {
      self.title = title
      self.width = width
      self.alignment = alignment
    }
  }

  /// Which column the rows are sorted by, and which way.
  public struct Sort: Hashable, Sendable {
    public var column: Int
    public var ascending: Bool

    public init(column: Int, ascending: Bool) {
      self.column = column
      self.ascending = ascending
    }
  }

  public typealias CellText = (_ row: Int, _ column: Int) -> String

  public var columns: [Column]
  public var rowCount: Int
  public var selected: Int?
  public var sort: Sort?
  /// What a click on row `index` sends, if rows answer the mouse.
  public var press: ((Int) -> Command)?
  public var cell: CellText

  public init(
    columns: [Column], rowCount: Int, selected: Int? = nil, sort: Sort? = nil,
    press: ((Int) -> Command)? = nil, cell: @escaping CellText
  ) {
    self.columns = columns
    self.rowCount = max(0, rowCount)
    self.selected = selected
    self.sort = sort
    self.press = press
    self.cell = cell
  }

  /// Cells between two columns.
  public static var columnSpacing: Int { 1 }

  public func render(in area: Rect, on frame: inout Frame<Command>, state: inout ListState) {
    let theme = frame.theme
    guard area.height > 0, area.width > 0 else { return }
    let bodyHeight = area.height - 1
    let needsScrollbar = rowCount > bodyHeight && bodyHeight > 0 && area.width > 1
    let width = area.width - (needsScrollbar ? 1 : 0)
    let columnAreas = Layout(.horizontal, columns.map(\.width), spacing: Self.columnSpacing)
      .split(Rect(x: area.x, y: area.y, width: width, height: 1))

    for (index, column) in columns.enumerated() {
      var title = column.title
      if let sort, sort.column == index { title += sort.ascending ? " ▲" : " ▼" }
      draw(title, in: columnAreas[index], alignment: column.alignment, style: theme.title, on: &frame)
    }
    guard bodyHeight > 0 else { return }
    guard rowCount > 0 else {
      state.offset = 0
      return
    }
    state.resize(to: bodyHeight, showing: selected, count: rowCount)
    for (line, row) in state.visibleRange(count: rowCount).enumerated() {
      let y = area.y + 1 + line
      for (index, column) in columns.enumerated() {
        let place = Rect(x: columnAreas[index].x, y: y, width: columnAreas[index].width, height: 1)
        draw(cell(row, index), in: place, alignment: column.alignment, style: theme.text, on: &frame)
      }
      let rowArea = Rect(x: area.x, y: y, width: width, height: 1)
      if row == selected {
        frame.highlight(rowArea, with: theme.selection)
        frame.markFocus(at: rowArea.origin)
      }
      if let press { frame.onPress(rowArea, press(row)) }
    }
    if needsScrollbar {
      drawScrollbar(in: Rect(x: area.maxX - 1, y: area.y + 1, width: 1, height: bodyHeight), state: state, on: &frame)
    }
  }

  private func draw(_ text: String, in place: Rect, alignment: Column.Alignment, style: Style, on frame: inout Frame<Command>) {
    guard place.width > 0 else { return }
    let fitted = TextLayout.truncate(SafeText.sanitize(text), toWidth: place.width)
    let x = alignment == .trailing ? place.maxX - TextWidth.columns(of: fitted) : place.x
    frame.draw(fitted, at: Point(x: x, y: place.y), width: place.maxX - x, style: style)
  }

  /// A track the height of the body, and a thumb as long as the share of rows on screen, placed
  /// as far down it as the list is scrolled (at the bottom exactly when the last row shows).
  private func drawScrollbar(in track: Rect, state: ListState, on frame: inout Frame<Command>) {
    let visible = state.visibleRange(count: rowCount)
    let thumb = max(1, track.height * visible.count / rowCount)
    let scrollable = rowCount - visible.count
    let start = scrollable > 0 ? (track.height - thumb) * visible.lowerBound / scrollable : 0
    for line in 0..<track.height {
      let onThumb = line >= start && line < start + thumb
      frame.draw(onThumb ? "█" : "│", at: Point(x: track.x, y: track.y + line), style: onThumb ? frame.theme.action : frame.theme.secondary)
    }
  }
}
