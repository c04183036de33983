import TerminalKit
import Shop

/// The cart sheet's keys. The sheet is modal: the product list and the tabs do not hear keys
/// while it is open. Its moves carry `visibleRows`, the lines the sheet shows.
public enum CartKeys {
  public static func map(for state: CartFeature.State, visibleRows rows: Int) -> KeyMap<CartFeature.Action.ViewAction> {
    let move = Hint(keys: "↑↓", text: "move")
    var bindings: [KeyBinding<CartFeature.Action.ViewAction>] = []
    if !state.items.isEmpty {
      bindings += [
        KeyBinding([.up, .character("k")], "↑/k", "previous line", footer: move, command: .focusMoved(.up, visibleRows: rows)),
        KeyBinding([.down, .character("j")], "↓/j", "next line", footer: move, command: .focusMoved(.down, visibleRows: rows)),
        KeyBinding([.home, .character("g")], "Home/g", "first line", command: .focusMoved(.first, visibleRows: rows)),
        KeyBinding([.end, .character("G")], "End/G", "Pay button", command: .focusMoved(.last, visibleRows: rows)),
      ]
    }
    if state.canPay {
      bindings.append(KeyBinding([.character("p")], "p", "pay", command: .payTapped).inFooter())
      if state.focus == .payButton {
        bindings.append(KeyBinding([.enter], "Enter", "pay", command: .payTapped))
      }
    }
    bindings.append(KeyBinding([.escape, .character("q")], "Esc/q", "close the cart", command: .closeTapped).inFooter(keys: "Esc"))
    return KeyMap("Cart", isModal: true, bindings: bindings)
  }
}

/// The keys of the cart line the keyboard is on.
public enum CartItemKeys {
  public static func map(for state: CartItemFeature.State) -> KeyMap<CartItemFeature.Action.ViewAction> {
    KeyMap(
      "Cart line",
      bindings: [
        KeyBinding([.character("d"), .delete, .character("x")], "d/Delete/x", "delete the line", command: .deleteTapped).inFooter(keys: "d"),
        KeyBinding([.character("+"), .character("=")], "+", "one more", footer: Hint(keys: "+/-", text: "quantity"), command: .plusTapped),
        KeyBinding([.character("-")], "-", "one fewer (at one, the line goes)", footer: Hint(keys: "+/-", text: "quantity"), command: .minusTapped),
      ]
    )
  }
}
