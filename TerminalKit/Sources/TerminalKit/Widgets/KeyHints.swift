/// A row of key hints — `? help  q quit` — as many as fit.
///
/// When not all fit, the last of the ordinary hints give way first; the essential ones (help,
/// quit) go only when nothing else is left to drop. A hint is shown whole or not at all.
public struct KeyHints<Command: Hashable & Sendable>: Widget {
  public var hints: [Hint]

  public init(_ hints: [Hint]) {
    self.hints = hints
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard area.height > 0 else { return }
    var x = area.x + 1
    for hint in Self.fitting(hints, inWidth: area.width - 1) {
      x += frame.draw(hint.keys, at: Point(x: x, y: area.y), style: theme.key)
      x += 1
      x += frame.draw(hint.text, at: Point(x: x, y: area.y), style: theme.secondary)
      x += 2
    }
  }

  /// The hints that fit in `width` columns, in their order.
  public static func fitting(_ hints: [Hint], inWidth width: Int) -> [Hint] {
    var shown = hints
    func columns() -> Int { shown.reduce(0) { $0 + $1.width + 2 } - 2 }
    while !shown.isEmpty, columns() > width {
      shown.remove(at: shown.lastIndex { !$0.isEssential } ?? shown.index(before: shown.endIndex))
    }
    return shown
  }
}
