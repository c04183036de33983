import TerminalKit
import Composable

/// An alert, drawn as a dialog over everything else.
public enum AlertView {
  /// `press` is what pressing a button sends, as ``AlertKeys`` sends it for Enter and Esc.
  public static func draw<Action>(
    _ alert: AlertState<Action>, press: (PresentationAction<Action>) -> KeyCommand, in area: Rect, on canvas: inout ScreenFrame, theme: Theme
  ) {
    let buttons = alert.buttons.enumerated().map { index, button in
      Dialog.ButtonItem(
        label: button.label.string,
        appearance: index == alert.focusedButtonIndex
          ? .focused : button.role == .destructive ? .destructive : .normal,
        command: press(button.action.map(PresentationAction.presented) ?? .dismiss)
      )
    }
    Dialog.draw(
      title: alert.title.string, message: alert.message?.string, buttons: buttons, in: area, on: &canvas, theme: theme
    )
  }
}
