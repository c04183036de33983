/// A centred dialog: a title, a message wrapped to fit, and buttons side by side, the focused
/// one highlighted. Nothing drawn before it hears the mouse; its buttons do.
public struct Dialog<Command: Hashable & Sendable>: Widget {
  /// One of a dialog's buttons, and what a press on it sends.
  public struct Item: Hashable, Sendable {
    public var label: String
    public var appearance: ButtonAppearance
    public var press: Command?

    public init(_ label: String, appearance: ButtonAppearance, press: Command? = nil) {
      self.label = label
      self.appearance = appearance
      self.press = press
    }
  }

  /// A message this wide or narrower stays on one line where the screen has room: a
  /// confirmation such as "…purchase of $242.20?" (53 columns) does not leave its amount alone
  /// on a second line. Longer messages wrap at this width.
  public static var maximumMessageWidth: Int { 64 }

  public var title: String
  public var message: String?
  public var buttons: [Item]

  public init(title: String, message: String?, buttons: [Item]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let buttonsWidth = buttons.map { Button<Command>.width($0.label) }.reduce(0, +) + 2 * max(0, buttons.count - 1)
    let messageWidth = message.map { TextWidth.columns(of: $0) } ?? 0
    let innerWidth = min(
      max(buttonsWidth, TextWidth.columns(of: title) + 2, min(messageWidth, Self.maximumMessageWidth), 28), max(0, area.width - 4)
    )
    let lines = message.map { TextLayout.wrap(SafeText.sanitize($0), toWidth: innerWidth) } ?? []
    let height = min(area.height, 2 + 1 + (lines.isEmpty ? 0 : lines.count + 1) + 1 + 1)
    let box = area.centered(width: innerWidth + 4, height: height)
    frame.coverClickTargets()
    frame.render(Box(), in: box)
    let inside = box.insideBorder.insetBy(dx: 1, dy: 0)
    guard !inside.isEmpty else { return }
    frame.drawCentered(title, in: inside.row(0), style: theme.title)
    for (index, line) in lines.enumerated() where index + 2 < inside.height - 1 {
      frame.drawCentered(line, in: inside.row(index + 2), style: theme.text)
    }
    let buttonRow = inside.row(inside.height - 1)
    var x = buttonRow.x + max(0, (buttonRow.width - buttonsWidth) / 2)
    for item in buttons {
      let width = Button<Command>.width(item.label)
      frame.render(
        Button(item.label, appearance: item.appearance, press: item.press),
        in: Rect(x: x, y: buttonRow.y, width: min(width, buttonRow.maxX - x), height: 1)
      )
      x += width + 2
    }
  }
}
