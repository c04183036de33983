/// "⠋ Loading products…" in the middle of its area; the app advances `frameIndex` (ten times a
/// second, say) while something loads.
public struct Spinner<Command: Hashable & Sendable>: Widget {
  public static var frames: [Character] { ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] }

  public var message: String
  public var frameIndex: Int

  public init(_ message: String, frame: Int) {
    self.message = message
    self.frameIndex = frame
  }

  /// The spinner's character at frame `index` (any integer: it wraps).
  public static func character(at index: Int) -> Character {
    frames[((index % frames.count) + frames.count) % frames.count]
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let line = area.centered(width: area.width, height: 1)
    let text = "\(Self.character(at: frameIndex)) \(message)"
    let drawn = frame.drawCentered(text, in: line, style: theme.text)
    // What is awaited is the focus: a screen reader reads it.
    if drawn > 0 { frame.markFocus(at: Point(x: line.x + (line.width - drawn) / 2, y: line.y)) }
  }
}
