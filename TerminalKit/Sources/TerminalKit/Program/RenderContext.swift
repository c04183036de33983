/// What drawing needs besides the app's state and the size: the theme, and which frame of an
/// animation (a spinner) is showing.
public struct RenderContext: Hashable, Sendable {
  public var theme: Theme
  /// Advanced by the program loop while something animates; snapshots use 0.
  public var spinnerFrame: Int
  /// The accessible mode: forms ask one question at a time in plain lines
  /// (``AccessibleFormView``), and screens that honour it draw no boxes, for screen readers and
  /// braille displays that read the terminal line by line.
  public var accessible: Bool

  public init(theme: Theme = .color, spinnerFrame: Int = 0, accessible: Bool = false) {
    self.theme = theme
    self.spinnerFrame = spinnerFrame
    self.accessible = accessible
  }
}
