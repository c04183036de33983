/// How the user moves a selection through a list.
public enum SelectionMove: Hashable, Sendable {
  case up
  case down
  case pageUp
  case pageDown
  case first
  case last

  /// The index `move` leads to from `index` in a list of `count` rows, `page` rows per screen.
  func target(from index: Int, count: Int, page: Int) -> Int {
    guard count > 0 else { return 0 }
    let page = max(1, page)
    let target =
      switch self {
      case .up: index - 1
      case .down: index + 1
      case .pageUp: index - page
      case .pageDown: index + page
      case .first: 0
      case .last: count - 1
      }
    return min(max(target, 0), count - 1)
  }
}
