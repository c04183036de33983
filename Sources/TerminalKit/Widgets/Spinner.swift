/// "⠋ Loading products…" in the middle of its area; the app advances `frameIndex` (ten times a
/// second, say) while something loads.
public struct Spinner<Command: Hashable & Sendable>: Widget {
  public static var frames: [Character] { ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] }

  public var message: String
  public var frameIndex: Int
  public var theme: Theme

  public init(_ message: String, frame: Int, theme: Theme) {
    self.message = message
    self.frameIndex = frame
    self.theme = theme
  }

  /// The spinner's character at frame `index` (any integer: it wraps).
  public static func character(at index: Int) -> Character {
    frames[((index % frames.count) + frames.count) % frames.count]
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    frame.drawCentered("\(Self.character(at: frameIndex)) \(message)", in: area.centered(width: area.width, height: 1), style: theme.text)
  }
}
