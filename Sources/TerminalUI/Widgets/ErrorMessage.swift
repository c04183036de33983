import TerminalKit
/// The "something went wrong" block of a screen: a sad face, what failed, why, and Retry.
enum ErrorMessage {
  /// `retry` is what a click on `[ Retry ]` sends; `retryKey` the key that does the same.
  static func draw(title: String, reason: String, retry: KeyCommand, retryKey: String?, in rect: Rect, on canvas: inout ScreenFrame, theme: Theme) {
    let block = rect.centered(width: rect.width, height: 7)
    canvas.drawCentered(":(", in: block.row(0), style: theme.title)
    canvas.drawCentered(title, in: block.row(2), style: theme.title)
    canvas.drawCentered(reason, in: block.row(3), style: theme.secondary)
    let width = ScreenButton.width("Retry")
    let button = Rect(x: block.x + (block.width - width) / 2, y: block.row(5).y, width: width, height: 1)
    canvas.render(Button("Retry", appearance: .focused, theme: theme, press: retry), in: button)
    if let retryKey { canvas.drawCentered("press \(retryKey)", in: block.row(6), style: theme.secondary) }
  }
}
