/// The bottom row: the most useful keys of what is on screen, as many as fit.
public enum Footer {
  public static func draw(_ hints: [Hint], in rect: Rect, on canvas: inout Canvas, theme: Theme) {
    var x = rect.x + 1
    for hint in hints {
      let width = TextWidth.columns(of: hint.keys) + 1 + TextWidth.columns(of: hint.text)
      // A hint is shown whole or not at all.
      guard x + width <= rect.maxX else { break }
      x += canvas.draw(hint.keys, at: Point(x: x, y: rect.y), style: theme.key)
      x += 1
      x += canvas.draw(hint.text, at: Point(x: x, y: rect.y), style: theme.secondary)
      x += 2
    }
  }
}
