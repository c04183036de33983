import TerminalKit
import Composable

/// The keys of an alert, for any feature that presents one.
///
/// ← → (and Tab) move between buttons, Enter presses the focused one, Esc (or q) asks the
/// feature to cancel — which button that presses is the feature's rule, not the keys'.
public enum AlertKeys {
  public static func map<AlertAction, ViewAction>(
    for alert: AlertState<AlertAction>,
    press: (PresentationAction<AlertAction>) -> ViewAction,
    escape: ViewAction,
    moveFocus: (Int) -> ViewAction
  ) -> KeyMap<ViewAction> {
    let escapeButton = alert.escapeButton
    let escapeBinding = KeyBinding(
      [.escape, .character("q")], "Esc/q", escapeButton.map { "press \($0.label.string)" } ?? "close", command: escape
    )
    var bindings = [
      KeyBinding(
        [.enter], "Enter", "press \(alert.focusedButton?.label.string ?? "OK")",
        command: press(alert.focusedButton?.action.map(PresentationAction.presented) ?? .dismiss)
      ).inFooter(),
      // When Esc presses the same button as Enter, one hint is enough.
      escapeButton == nil || alert.buttons.count > 1 ? escapeBinding.inFooter(keys: "Esc") : escapeBinding,
    ]
    if alert.buttons.count > 1 {
      let choose = Hint(keys: "←→", text: "choose")
      bindings += [
        KeyBinding([.left, .backTab, .character("h")], "←/Shift-Tab", "previous button", footer: choose, command: moveFocus(-1)),
        KeyBinding([.right, .tab, .character("l")], "→/Tab", "next button", footer: choose, command: moveFocus(1)),
      ]
    }
    return KeyMap(alert.title.string, isModal: true, bindings: bindings)
  }
}
