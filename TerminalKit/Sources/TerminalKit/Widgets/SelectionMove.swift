/// How the user moves a selection through a list.
public enum SelectionMove: Hashable, Sendable {
  case up
  case down
  case pageUp
  case pageDown
  case first
  case last

  /// The index `move` leads to from `index` in a list of `count` rows, `page` rows per screen.
  public func target(from index: Int, count: Int, page: Int) -> Int {
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

extension SelectionMove {
  /// The keys that move a selection in a list, as help shows them: the same table a list screen
  /// reads with `SelectionMove.keyBindings.first { $0.keys.contains(key) }?.command`.
  public static let keyBindings: [KeyBinding<SelectionMove>] = [
    KeyBinding([.up, .character("k")], "↑/k", "up", command: .up),
    KeyBinding([.down, .character("j")], "↓/j", "down", command: .down),
    KeyBinding([.pageUp], "PgUp", "a page up", command: .pageUp),
    KeyBinding([.pageDown, .character(" ")], "PgDn", "a page down", command: .pageDown),
    KeyBinding([.home, .character("g")], "Home/g", "to the first", command: .first),
    KeyBinding([.end, .character("G")], "End/G", "to the last", command: .last),
  ]
}
