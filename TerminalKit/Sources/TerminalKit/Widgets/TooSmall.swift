/// What a terminal below an app's minimum size shows instead of a broken layout.
public struct TooSmall<Command: Hashable & Sendable>: Widget {
  public var minimum: Size
  /// The last line: how to leave (the app's quit key, from its key map), if anything.
  public var exitHint: String?

  public init(minimum: Size, exitHint: String?) {
    self.minimum = minimum
    self.exitHint = exitHint
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let lines = ["Terminal too small", "need \(minimum.width)×\(minimum.height), have \(area.width)×\(area.height)"] + (exitHint.map { [$0] } ?? [])
    let top = area.y + max(0, (area.height - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < area.maxY {
      frame.drawCentered(line, in: area.row(top + index - area.y), style: index == 0 ? theme.warning : theme.text)
    }
  }
}
