import TerminalKit

/// Which rows of one of the shop's lists are on screen (the products, a picker's options, the
/// cart's lines, the order history): the kit's one list model, ``ListState``, under the name the
/// features use.
public typealias ListScroll = ListState

extension ListScroll {
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
}
