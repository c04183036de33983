/// Which rows of a list are on screen: the first one, and how many fit. Every list of the shop
/// keeps one (the products, a picker's options, the cart's lines, the order history) and moves
/// its selection through it, so a selection moves within the rows on screen before the list
/// scrolls, paging goes by what the screen shows, and the screen draws from the offset kept
/// here instead of working one out each frame.
public struct ListScroll: Hashable, Sendable {
  /// The index of the first row on screen.
  public var offset: Int
  /// How many rows the screen shows at once; the screen says, paging uses it.
  public var visibleRows: Int

  public init(offset: Int = 0, visibleRows: Int = 10) {
    self.offset = offset
    self.visibleRows = visibleRows
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

  /// Scrolls as little as possible to show row `index` (none: only keeps the offset in range).
  public mutating func show(_ index: Int?, count: Int) {
    let rows = max(1, visibleRows)
    if let index {
      if index < offset { offset = index }
      if index >= offset + rows { offset = index - rows + 1 }
    }
    offset = max(0, min(offset, count - rows))
  }

  /// The screen now shows `rows` rows: the selection at `selected` stays in view.
  public mutating func resize(to rows: Int, showing selected: Int?, count: Int) {
    visibleRows = max(1, rows)
    show(selected, count: count)
  }
}
