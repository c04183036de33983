/// What a terminal below an app's minimum size shows instead of a broken layout.
public struct TooSmall<Command: Hashable & Sendable>: Widget {
  public var minimum: Size
  /// The last line: how to leave (the app's quit key, from its key map), if anything.
  public var exitHint: String?

  public init(minimum: Size, exitHint: String?) {
    self.minimum = minimum
    self.exitHint = exitHint
  }

  /// The message, centred; where a line is wider than the terminal, the sizes go on lines of
  /// their own and the rest is wrapped, so that no number is cut off.
  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let need = "need \(minimum.width)×\(minimum.height)"
    let have = "have \(area.width)×\(area.height)"
    let sizes = TextWidth.columns(of: "\(need), \(have)") <= area.width ? ["\(need), \(have)"] : [need, have]
    let lines = TextLayout.wrap("Terminal too small", toWidth: area.width).map { ($0, theme.warning) }
      + (sizes + (exitHint.map { [$0] } ?? [])).flatMap { TextLayout.wrap($0, toWidth: area.width) }.map { ($0, theme.text) }
    let top = area.y + max(0, (area.height - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < area.maxY {
      let row = area.row(top + index - area.y)
      let drawn = frame.drawCentered(line.0, in: row, style: line.1)
      // Its first line is what there is to read: the focus.
      if index == 0, drawn > 0 { frame.markFocus(at: Point(x: row.x + (row.width - drawn) / 2, y: row.y)) }
    }
  }
}
