/// Where a list is scrolled to: the index of its first row on screen. The state of a
/// ``ScrollingList``, kept between frames by whoever owns the list, so that the selection moves
/// within the rows on screen before the list scrolls.
public struct ListViewport: Hashable, Sendable {
  public var offset: Int

  public init(offset: Int = 0) {
    self.offset = offset
  }

  /// Scrolls as little as possible to show `selected` in a list of `count` rows, `height` of
  /// them on screen, and never past the end.
  public mutating func scroll(toShow selected: Int?, count: Int, height: Int) {
    guard count > 0, height > 0 else {
      offset = 0
      return
    }
    if let selected {
      if selected < offset { offset = selected }
      if selected >= offset + height { offset = selected - height + 1 }
    }
    offset = min(max(0, offset), max(0, count - height))
  }

  /// The indices on screen: from the offset, as many as there are rows.
  public func visibleRange(count: Int, height: Int) -> Range<Int> {
    guard count > 0, height > 0 else { return 0..<0 }
    let first = min(max(0, offset), max(0, count - height))
    return first..<min(count, first + height)
  }
}

/// A list that shows as many rows as fit, scrolled so that the selected row is visible, and
/// draws only those rows — a frame costs the same for 20 rows or 100,000.
///
/// Each row is drawn by `row`, in its one-row rectangle, which also registers the row's click
/// targets; the selected row then gets `selectionStyle` over the part `row` returns as its
/// highlight (the whole row if `nil`).
public struct ScrollingList<Command: Hashable & Sendable>: StatefulWidget {
  public typealias RowDrawing = (_ index: Int, _ area: Rect, _ isSelected: Bool, _ frame: inout Frame<Command>) -> Rect?

  public var count: Int
  public var selected: Int?
  public var selectionStyle: Style
  public var row: RowDrawing

  public init(count: Int, selected: Int?, selectionStyle: Style, row: @escaping RowDrawing) {
    self.count = count
    self.selected = selected
    self.selectionStyle = selectionStyle
    self.row = row
  }

  public func render(in area: Rect, on frame: inout Frame<Command>, state viewport: inout ListViewport) {
    viewport.scroll(toShow: selected, count: count, height: area.height)
    for (line, index) in viewport.visibleRange(count: count, height: area.height).enumerated() {
      let rowArea = area.row(line)
      let isSelected = index == selected
      let highlight = row(index, rowArea, isSelected, &frame)
      if isSelected {
        frame.highlight(highlight ?? rowArea, with: selectionStyle)
      }
    }
  }
}
