import TerminalKit
import Composable

/// An alert, drawn as a dialog over everything else.
public struct AlertView<Action>: Widget {
  public var alert: AlertState<Action>
  /// What pressing a button sends, as ``AlertKeys`` sends it for Enter and Esc.
  public var press: (PresentationAction<Action>) -> KeyCommand
  public var theme: Theme

  public init(_ alert: AlertState<Action>, press: @escaping (PresentationAction<Action>) -> KeyCommand, theme: Theme) {
    self.alert = alert
    self.press = press
    self.theme = theme
  }

  public func render(in area: Rect, on canvas: inout ScreenFrame) {
    let buttons = alert.buttons.enumerated().map { index, button in
      Dialog<KeyCommand>.Item(
        button.label.string,
        appearance: index == alert.focusedButtonIndex
          ? .focused : button.role == .destructive ? .destructive : .normal,
        press: press(button.action.map(PresentationAction.presented) ?? .dismiss)
      )
    }
    canvas.render(Dialog(title: alert.title.string, message: alert.message?.string, buttons: buttons, theme: theme), in: area)
  }
}
