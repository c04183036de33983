import TerminalKit
import Composable

/// An alert, drawn as a dialog over everything else.
public enum AlertView {
  /// `press` is what pressing a button sends, as ``AlertKeys`` sends it for Enter and Esc.
  public static func draw<Action>(
    _ alert: AlertState<Action>, press: (PresentationAction<Action>) -> KeyCommand, in area: Rect, on canvas: inout ScreenFrame, theme: Theme
  ) {
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
