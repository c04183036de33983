import TerminalKit
import Composable

/// An alert, drawn as a dialog over everything else.
public struct AlertView<Action>: Widget {
  public var alert: AlertState<Action>
  /// What pressing a button sends, as ``AlertKeys`` sends it for Enter and Esc.
  public var press: (PresentationAction<Action>) -> KeyCommand

  public init(_ alert: AlertState<Action>, press: @escaping (PresentationAction<Action>) -> KeyCommand) {
    self.alert = alert
    self.press = press
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
    canvas.render(Dialog(title: alert.title.string, message: alert.message?.string, buttons: buttons), in: area)
  }
}
