import TerminalKit
import Shop

/// Checkout's keys, step by step. The address step is the kit's form: its keys are the form's
/// own (``Form/keyMap(_:isModal:)``), Esc going back. Delivery and review have a few of their
/// own. Every step is modal: nothing of the cart or the list reacts underneath.
public enum CheckoutKeys {
  public static func map(for state: CheckoutFeature.State) -> KeyMap<CheckoutFeature.Action.ViewAction> {
    let title = "Checkout · \(state.step.title)"
    switch state.step {
    case .address:
      var map = state.form.form(showing: state.shownMessages).keyMap(title).map(CheckoutFeature.Action.ViewAction.form)
      map.bindings = map.bindings.map { binding in
        // The form's Esc cancels; here that is going back to the cart.
        binding.keys == [.escape] ? KeyBinding([.escape], "Esc", "back to the cart", footer: Hint(keys: "Esc", text: "back", isEssential: true), command: binding.command) : binding
      }
      return map
    case .delivery:
      let move = Hint(keys: "↑↓", text: "choose")
      return KeyMap(
        title, isModal: true,
        bindings: [
          KeyBinding([.up, .character("k")], "↑/k", "standard", footer: move, command: .deliveryMoved(by: -1)),
          KeyBinding([.down, .character("j")], "↓/j", "express", footer: move, command: .deliveryMoved(by: 1)),
          KeyBinding([.enter], "Enter", "continue to the review", footer: Hint(keys: "Enter", text: "continue", isEssential: true), command: .continueTapped),
          KeyBinding([.escape], "Esc", "back to the address", footer: Hint(keys: "Esc", text: "back", isEssential: true), command: .backTapped),
        ]
      )
    case .review:
      let move = Hint(keys: "←→", text: "button")
      return KeyMap(
        title, isModal: true,
        bindings: [
          KeyBinding([.left, .backTab], "←/Shift-Tab", "previous button", footer: move, command: .reviewFocusMoved(by: -1)),
          KeyBinding([.right, .tab], "→/Tab", "next button", footer: move, command: .reviewFocusMoved(by: 1)),
          KeyBinding([.enter], "Enter", "press the button", command: .reviewButtonPressed),
          KeyBinding([.character("p")], "p", "place the order", command: .placeOrderTapped).inFooter(essential: true),
          KeyBinding([.character("a")], "a", "edit the address", command: .editTapped(.address)),
          KeyBinding([.character("d")], "d", "edit the delivery", command: .editTapped(.delivery)),
          KeyBinding([.escape], "Esc", "back to delivery", footer: Hint(keys: "Esc", text: "back", isEssential: true), command: .backTapped),
        ]
      )
    }
  }
}
