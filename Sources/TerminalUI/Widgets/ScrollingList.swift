import TerminalKit
/// A list that shows as many rows as fit, scrolled so that the selected row is visible, and
/// draws only those rows — a frame costs the same for 20 products or 100,000.
public enum ScrollingList {
  /// The indices on screen: from `offset` (clamped), as many as `rect` has rows.
  public static func visibleRange(count: Int, offset: Int, height: Int) -> Range<Int> {
    guard count > 0, height > 0 else { return 0..<0 }
    let first = min(max(0, offset), max(0, count - height))
    return first..<min(count, first + height)
  }

  /// The smallest offset that shows `selected` in a list scrolled to the top as far as possible:
  /// for lists whose scroll position is not kept in state.
  public static func offset(showing selected: Int?, height: Int) -> Int {
    max(0, (selected ?? 0) - height + 1)
  }

  /// Draws rows `visibleRange(…)`, each in its one-row rectangle; the selected one gets the
  /// selection style over the part `drawRow` reports as its highlight (the whole row if `nil`).
  public static func draw(
    count: Int,
    offset: Int,
    selected: Int?,
    in rect: Rect,
    on canvas: inout ScreenFrame,
    theme: Theme,
    drawRow: (_ index: Int, _ row: Rect, _ isSelected: Bool, _ canvas: inout ScreenFrame) -> Rect?
  ) {
    for (line, index) in visibleRange(count: count, offset: offset, height: rect.height).enumerated() {
      let row = rect.row(line)
      let isSelected = index == selected
      let highlight = drawRow(index, row, isSelected, &canvas)
      if isSelected {
        canvas.highlight(highlight ?? row, with: theme.selection)
      }
    }
  }
}
