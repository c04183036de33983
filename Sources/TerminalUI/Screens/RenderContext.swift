import TerminalKit
/// What drawing needs besides state and size: the theme, and which spinner frame is showing.
public struct RenderContext: Hashable, Sendable {
  public var theme: Theme
  /// Advanced by the run loop while something is loading; snapshots use 0.
  public var spinnerFrame: Int

  public init(theme: Theme = .color, spinnerFrame: Int = 0) {
    self.theme = theme
    self.spinnerFrame = spinnerFrame
  }
}
