import TerminalKit
/// A bordered box: clears its rectangle, draws a single-line border with an optional title on
/// the top edge (and an optional note at its right end), and returns the space inside.
public enum Box {
  @discardableResult
  public static func draw(
    in rect: Rect,
    on canvas: inout ScreenFrame,
    title: String? = nil,
    note: String? = nil,
    theme: Theme
  ) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
    canvas.fill(rect)
    let border = theme.secondary
    let horizontal = String(repeating: "─", count: rect.width - 2)
    canvas.draw("┌" + horizontal + "┐", at: Point(x: rect.x, y: rect.y), width: rect.width, style: border, truncate: false)
    canvas.draw("└" + horizontal + "┘", at: Point(x: rect.x, y: rect.maxY - 1), width: rect.width, style: border, truncate: false)
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.draw("│", at: Point(x: rect.x, y: y), style: border)
      canvas.draw("│", at: Point(x: rect.maxX - 1, y: y), style: border)
    }
    var noteWidth = 0
    if let note, rect.width > 12 {
      let text = " \(note) "
      noteWidth = min(TextWidth.columns(of: text), (rect.width - 4) / 2)
      canvas.draw(text, at: Point(x: rect.maxX - 2 - noteWidth, y: rect.y), width: noteWidth, style: theme.secondary)
    }
    if let title {
      canvas.draw(" \(title) ", at: Point(x: rect.x + 2, y: rect.y), width: rect.width - 4 - noteWidth, style: theme.title)
    }
    return inside(rect)
  }

  /// The space inside a box drawn in `rect`, without drawing it.
  public static func inside(_ rect: Rect) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
    return rect.insetBy(dx: 1, dy: 1)
  }
}
