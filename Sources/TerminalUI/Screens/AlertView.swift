import TerminalKit
import Composable

/// An alert, drawn as a dialog over everything else — or, in the accessible mode (`plain`), as
/// plain lines over the whole area: the title, the message, the buttons and which one Enter
/// presses, with no box.
public struct AlertView<Action>: Widget {
  public var alert: AlertState<Action>
  /// What pressing a button sends, as ``AlertKeys`` sends it for Enter and Esc.
  public var press: (PresentationAction<Action>) -> KeyCommand
  public var plain: Bool

  public init(_ alert: AlertState<Action>, plain: Bool = false, press: @escaping (PresentationAction<Action>) -> KeyCommand) {
    self.alert = alert
    self.plain = plain
    self.press = press
  }

  public func render(in area: Rect, on frame: inout ScreenFrame) {
    if plain {
      renderPlain(in: area, on: &frame)
      return
    }
    let buttons = alert.buttons.enumerated().map { index, button in
      Dialog<KeyCommand>.Item(
        button.label.string,
        appearance: index == alert.focusedButtonIndex
          ? .focused : button.role == .destructive ? .destructive : .normal,
        press: press(button.action.map(PresentationAction.presented) ?? .dismiss)
      )
    }
    frame.render(Dialog(title: alert.title.string, message: alert.message?.string, buttons: buttons), in: area)
  }

  private func renderPlain(in area: Rect, on frame: inout ScreenFrame) {
    frame.fill(area)
    let theme = frame.theme
    var lines: [(String, Style)] = [(alert.title.string, theme.title)]
    for line in TextLayout.wrap(alert.message?.string ?? "", toWidth: max(1, area.width)) { lines.append((line, theme.text)) }
    let labels = alert.buttons.map(\.label.string)
    lines.append(("Buttons: " + labels.joined(separator: ", ") + ".", theme.text))
    if labels.indices.contains(alert.focusedButtonIndex) {
      lines.append(("Enter presses \(labels[alert.focusedButtonIndex]). Arrows: the other buttons. Esc: cancel.", theme.secondary))
    }
    for (row, line) in lines.prefix(area.height).enumerated() {
      frame.draw(line.0, at: Point(x: area.x, y: area.y + row), width: area.width, style: line.1)
    }
  }
}
