import Composable

/// The keys of an alert, for any feature that presents one.
///
/// ← → (and Tab) move between buttons, Enter presses the focused one, Esc (or q) presses the
/// cancel button — or, when there is only one button, that one; a button without an action
/// dismisses the alert.
public enum AlertKeys {
  public static func map<AlertAction, ViewAction>(
    for alert: AlertState<AlertAction>,
    press: (PresentationAction<AlertAction>) -> ViewAction,
    moveFocus: (Int) -> ViewAction
  ) -> KeyMap<ViewAction> {
    func pressing(_ button: ButtonState<AlertAction>?) -> ViewAction {
      press(button?.action.map(PresentationAction.presented) ?? .dismiss)
    }
    let escapeButton = alert.cancelButton ?? (alert.buttons.count == 1 ? alert.buttons.first : nil)
    let escape = KeyBinding(
      [.escape, .character("q")], "Esc/q", escapeButton.map { "press \($0.label.string)" } ?? "close",
      action: pressing(escapeButton)
    )
    var bindings = [
      KeyBinding([.enter], "Enter", "press \(alert.focusedButton?.label.string ?? "OK")", action: pressing(alert.focusedButton)).inFooter(),
      // When Esc presses the same button as Enter, one hint is enough.
      escapeButton == nil || alert.buttons.count > 1 ? escape.inFooter() : escape,
    ]
    if alert.buttons.count > 1 {
      let choose = Hint(keys: "←→", text: "choose")
      bindings += [
        KeyBinding([.left, .backTab, .character("h")], "←/Shift-Tab", "previous button", footer: choose, action: moveFocus(-1)),
        KeyBinding([.right, .tab, .character("l")], "→/Tab", "next button", footer: choose, action: moveFocus(1)),
      ]
    }
    return KeyMap(alert.title.string, isModal: true, bindings: bindings)
  }
}
