import TerminalKit
/// The bottom row: the most useful keys of what is on screen, as many as fit.
///
/// When not all fit, the last of the ordinary hints give way first; the essential ones (help,
/// quit) go only when nothing else is left to drop. A hint is shown whole or not at all.
public enum Footer {
  public static func draw(_ hints: [Hint], in rect: Rect, on canvas: inout ScreenFrame, theme: Theme) {
    var x = rect.x + 1
    for hint in fitting(hints, inWidth: rect.width - 1) {
      x += canvas.draw(hint.keys, at: Point(x: x, y: rect.y), style: theme.key)
      x += 1
      x += canvas.draw(hint.text, at: Point(x: x, y: rect.y), style: theme.secondary)
      x += 2
    }
  }

  /// The hints that fit in `width` columns, in their order.
  static func fitting(_ hints: [Hint], inWidth width: Int) -> [Hint] {
    var shown = hints
    func columns() -> Int { shown.reduce(0) { $0 + $1.width + 2 } - 2 }
    while !shown.isEmpty, columns() > width {
      shown.remove(at: shown.lastIndex { !$0.isEssential } ?? shown.index(before: shown.endIndex))
    }
    return shown
  }
}
