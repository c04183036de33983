/// The "something went wrong" block of a screen, in the middle of its area: a sad face, what
/// failed, why, a focused `[ Retry ]` that sends `retry`, and the key that does the same.
public struct ErrorMessage<Command: Hashable & Sendable>: Widget {
  public var title: String
  public var reason: String
  public var retry: Command?
  /// The key that retries, as the key map names it ("r"), if there is one.
  public var retryKey: String?

  public init(title: String, reason: String, retry: Command?, retryKey: String?) {
    self.title = title
    self.reason = reason
    self.retry = retry
    self.retryKey = retryKey
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let block = area.centered(width: area.width, height: 7)
    frame.drawCentered(":(", in: block.row(0), style: theme.title)
    frame.drawCentered(title, in: block.row(2), style: theme.title)
    frame.drawCentered(reason, in: block.row(3), style: theme.secondary)
    let width = Button<Command>.width("Retry")
    let button = Rect(x: block.x + (block.width - width) / 2, y: block.row(5).y, width: width, height: 1)
    frame.render(Button("Retry", appearance: .focused, press: retry), in: button)
    if let retryKey { frame.drawCentered("press \(retryKey)", in: block.row(6), style: theme.secondary) }
  }
}
