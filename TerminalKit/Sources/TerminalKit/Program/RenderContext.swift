/// What drawing needs besides the app's state and the size: the theme, and which frame of an
/// animation (a spinner) is showing.
public struct RenderContext: Hashable, Sendable {
  public var theme: Theme
  /// Advanced by the program loop while something animates; snapshots use 0.
  public var spinnerFrame: Int

  public init(theme: Theme = .color, spinnerFrame: Int = 0) {
    self.theme = theme
    self.spinnerFrame = spinnerFrame
  }
}
