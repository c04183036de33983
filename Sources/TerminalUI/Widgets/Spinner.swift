import TerminalKit
/// The frames of the loading spinner; the run loop advances the frame ten times a second while
/// something is loading.
public enum Spinner {
  public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  public static func frame(_ index: Int) -> Character {
    frames[((index % frames.count) + frames.count) % frames.count]
  }

  /// Draws "⠋ Loading products…" centred in `rect`.
  public static func draw(_ message: String, in rect: Rect, on canvas: inout ScreenFrame, frame: Int, theme: Theme) {
    canvas.drawCentered("\(self.frame(frame)) \(message)", in: rect.centered(width: rect.width, height: 1), style: theme.text)
  }
}
