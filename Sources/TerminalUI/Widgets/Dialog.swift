import TerminalKit
/// A centred dialog: a title, a message wrapped to fit, and buttons side by side, the focused
/// one highlighted. What alerts are drawn with.
public enum Dialog {
  public struct ButtonItem: Sendable {
    public var label: String
    public var appearance: ButtonAppearance
    /// What a click on the button sends.
    public var command: KeyCommand?

    public init(label: String, appearance: ButtonAppearance, command: KeyCommand? = nil) {
      self.label = label
      self.appearance = appearance
      self.command = command
    }
  }

  /// A message this wide or narrower stays on one line where the screen has room: the
  /// confirmation ("…purchase of $242.20?", 53 columns) no longer leaves its amount alone on a
  /// second line. Longer messages wrap at this width.
  static let maximumMessageWidth = 64

  public static func draw(
    title: String, message: String?, buttons: [ButtonItem], in area: Rect, on canvas: inout ScreenFrame, theme: Theme
  ) {
    let buttonsWidth = buttons.map { ScreenButton.width($0.label) }.reduce(0, +) + 2 * max(0, buttons.count - 1)
    let messageWidth = message.map { TextWidth.columns(of: $0) } ?? 0
    let innerWidth = min(max(buttonsWidth, TextWidth.columns(of: title) + 2, min(messageWidth, Self.maximumMessageWidth), 28), max(0, area.width - 4))
    let lines = message.map { TextLayout.wrap(SafeText.sanitize($0), toWidth: innerWidth) } ?? []
    let height = min(area.height, 2 + 1 + (lines.isEmpty ? 0 : lines.count + 1) + 1 + 1)
    let frame = area.centered(width: innerWidth + 4, height: height)
    canvas.coverClickTargets()
    canvas.render(Box(theme: theme), in: frame)
    let inside = frame.insideBorder.insetBy(dx: 1, dy: 0)
    guard !inside.isEmpty else { return }
    canvas.drawCentered(title, in: inside.row(0), style: theme.title)
    for (index, line) in lines.enumerated() where index + 2 < inside.height - 1 {
      canvas.drawCentered(line, in: inside.row(index + 2), style: theme.text)
    }
    let buttonRow = inside.row(inside.height - 1)
    var x = buttonRow.x + max(0, (buttonRow.width - buttonsWidth) / 2)
    for button in buttons {
      let width = ScreenButton.width(button.label)
      canvas.render(
        Button(button.label, appearance: button.appearance, theme: theme, press: button.command),
        in: Rect(x: x, y: buttonRow.y, width: min(width, buttonRow.maxX - x), height: 1)
      )
      x += width + 2
    }
  }
}
