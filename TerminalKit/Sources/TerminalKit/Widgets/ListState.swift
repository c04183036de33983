/// Which rows of a list are on screen: the first one (`offset`) and how many fit
/// (`visibleRows`). The one list model of the kit: the state of a ``ScrollingList``, and what a
/// feature keeps for each of its lists, so that a selection moves within the rows on screen
/// before the list scrolls and paging goes by what the screen shows.
///
/// The screen is the one that knows how many rows fit, and nothing reports them back: a list
/// widget fits its copy of the state to its area as it draws (``resize(to:showing:count:)``),
/// and a command that moves through the list carries the rows the screen showed it in
/// (``move(_:by:count:visibleRows:)``), so the move starts from the rows the user saw.
public struct ListState: Hashable, Sendable {
  /// The index of the first row on screen.
  public var offset: Int
  /// How many rows the screen shows at once (at least 1 is assumed).
  public var visibleRows: Int

  public init(offset: Int = 0, visibleRows: Int = 10) {
    self.offset = offset
    self.visibleRows = visibleRows
  }

  /// Scrolls as little as possible to show row `index` of a list of `count` rows (with `nil`,
  /// only keeps the offset in range: never before the start, never past the last full page).
  public mutating func show(_ index: Int?, count: Int) {
    let rows = max(1, visibleRows)
    if let index {
      if index < offset { offset = index }
      if index >= offset + rows { offset = index - rows + 1 }
    }
    offset = max(0, min(offset, count - rows))
  }

  /// The screen now shows `rows` rows: the row at `selected` stays in view.
  public mutating func resize(to rows: Int, showing selected: Int?, count: Int) {
    visibleRows = max(1, rows)
    show(selected, count: count)
  }

  /// The indices on screen in a list of `count` rows: from the offset (kept in range), as many
  /// as fit.
  public func visibleRange(count: Int) -> Range<Int> {
    let rows = max(1, visibleRows)
    guard count > 0 else { return 0..<0 }
    let first = min(max(0, offset), max(0, count - rows))
    return first..<min(count, first + rows)
  }

  /// Where `move` takes the selection at `selected` in a list of `count` rows (`nil` for an
  /// empty list); the list scrolls just enough to show it.
  public mutating func move(_ selected: Int?, by move: SelectionMove, count: Int) -> Int? {
    guard count > 0 else {
      offset = 0
      return nil
    }
    let target = move.target(from: selected ?? 0, count: count, page: visibleRows)
    show(target, count: count)
    return target
  }

  /// Where `move` takes the selection at `selected` when the screen shows the list `rows` at a
  /// time: the state is first fitted to those rows, as the screen drew it, then moved. What a
  /// feature calls with the rows its command carries.
  public mutating func move(_ selected: Int?, by move: SelectionMove, count: Int, visibleRows rows: Int) -> Int? {
    resize(to: rows, showing: selected, count: count)
    return self.move(selected, by: move, count: count)
  }

  /// The wheel: the rows move by `lines` (up when negative) without moving the selection, kept
  /// within the list.
  public mutating func scroll(by lines: Int, count: Int) {
    offset = max(0, min(offset + lines, count - max(1, visibleRows)))
  }
}
