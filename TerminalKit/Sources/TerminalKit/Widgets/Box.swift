/// A bordered box: blanks its area, draws a single-line border with an optional title on the
/// top edge and an optional note at its right end. What goes inside is drawn in
/// ``Rect/insideBorder``.
public struct Box<Command: Hashable & Sendable>: Widget {
  public var title: String?
  public var note: String?

  public init(title: String? = nil, note: String? = nil) {
    self.title = title
    self.note = note
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard area.width >= 2, area.height >= 2 else { return }
    frame.fill(area)
    let border = theme.secondary
    let horizontal = String(repeating: "─", count: area.width - 2)
    frame.draw("┌" + horizontal + "┐", at: Point(x: area.x, y: area.y), width: area.width, style: border, truncate: false)
    frame.draw("└" + horizontal + "┘", at: Point(x: area.x, y: area.maxY - 1), width: area.width, style: border, truncate: false)
    for y in (area.y + 1)..<(area.maxY - 1) {
      frame.draw("│", at: Point(x: area.x, y: y), style: border)
      frame.draw("│", at: Point(x: area.maxX - 1, y: y), style: border)
    }
    var noteWidth = 0
    if let note, area.width > 12 {
      let text = " \(note) "
      noteWidth = min(TextWidth.columns(of: text), (area.width - 4) / 2)
      frame.draw(text, at: Point(x: area.maxX - 2 - noteWidth, y: area.y), width: noteWidth, style: theme.secondary)
    }
    if let title {
      frame.draw(" \(title) ", at: Point(x: area.x + 2, y: area.y), width: area.width - 4 - noteWidth, style: theme.title)
    }
  }
}

extension Rect {
  /// The space inside a border drawn around this rectangle; empty when there is no inside.
  public var insideBorder: Rect {
    guard width >= 2, height >= 2 else { return Rect(x: x, y: y, width: 0, height: 0) }
    return insetBy(dx: 1, dy: 1)
  }
}
