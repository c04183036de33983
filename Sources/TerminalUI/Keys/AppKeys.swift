import TerminalKit
import Shop

/// Keys that work on every tab, and the few that work everywhere.
public enum AppKeys {
  /// Ctrl-C quits at once, whatever is on screen; Ctrl-L repaints; ? shows help. While an order
  /// is being sent Ctrl-C is the only way out, so the footer says so.
  public static func global(for state: AppFeature.State) -> KeyMap<KeyCommand> {
    let quit = KeyBinding([.control("c")], "Ctrl-C", "quit at once", command: KeyCommand.quit)
    return KeyMap(
      "Anywhere",
      bindings: [
        state.isSendingOrder ? KeyBinding([.control("c")], "Ctrl-C", "quit", command: KeyCommand.quit).inFooter(essential: true) : quit,
        KeyBinding([.control("l")], "Ctrl-L", "repaint the screen", command: .redraw),
      ] + (state.isTypingText ? [] : [
        state.isHelpPresented
          ? KeyBinding([.character("?")], "?", "close help", command: .app(.helpToggled))
          : KeyBinding([.character("?")], "?", "help", command: .app(.helpToggled)).inFooter(essential: true)
      ])
    )
  }

  /// Tabs and quitting, when no sheet or dialog is open.
  public static func topLevel(for state: AppFeature.State) -> KeyMap<KeyCommand> {
    let tabs = Hint(keys: "Tab", text: "switch tab")
    return KeyMap(
      "Tabs",
      bindings: [
        KeyBinding([.tab], "Tab", "next tab", footer: tabs, command: .app(.nextTabSelected)),
        KeyBinding([.backTab], "Shift-Tab", "previous tab", footer: tabs, command: .app(.previousTabSelected)),
        KeyBinding([.character("1")], "1", "Products tab", command: .app(.tabSelected(.products))),
        KeyBinding([.character("2")], "2", "Profile tab", command: .app(.tabSelected(.profile))),
        KeyBinding([.character("q")], "q", "quit", command: .quit).inFooter(essential: true),
      ]
    )
  }

  /// While help is shown: Esc or q closes it, and the arrows scroll it when `scrollLimit` lines
  /// of it do not fit.
  public static func help(scrollLimit limit: Int) -> KeyMap<KeyCommand> {
    var bindings = [
      KeyBinding([.escape, .character("q")], "Esc/q", "close help", footer: Hint(keys: "Esc", text: "close help"), command: KeyCommand.app(.helpToggled))
    ]
    if limit > 0 {
      let scroll = Hint(keys: "↑↓", text: "scroll")
      bindings += [
        KeyBinding([.up, .character("k")], "↑/k", "scroll up", footer: scroll, command: .app(.helpScrolled(by: -1, limit: limit))),
        KeyBinding([.down, .character("j")], "↓/j", "scroll down", footer: scroll, command: .app(.helpScrolled(by: 1, limit: limit))),
        KeyBinding([.pageUp], "PgUp", "page up", command: .app(.helpScrolled(by: -10, limit: limit))),
        KeyBinding([.pageDown], "PgDn", "page down", command: .app(.helpScrolled(by: 10, limit: limit))),
      ]
    }
    return KeyMap("Help", isModal: true, bindings: bindings)
  }
}

/// The profile's keys: retry, the order history (`visibleRows` orders on screen), and an opened
/// order (modal).
public enum ProfileKeys {
  public static func map(for state: ProfileFeature.State, visibleRows rows: Int) -> KeyMap<ProfileFeature.Action.ViewAction> {
    if state.openOrder != nil {
      return KeyMap(
        "Order", isModal: true,
        bindings: [KeyBinding([.escape, .character("q"), .enter], "Esc/q", "close the order", footer: Hint(keys: "Esc", text: "close"), command: .orderClosed)]
      )
    }
    var bindings: [KeyBinding<ProfileFeature.Action.ViewAction>] = []
    let failed = [state.status, state.ordersStatus].contains { if case .failed = $0 { true } else { false } }
    if failed {
      bindings.append(KeyBinding([.character("r"), .enter], "r/Enter", "retry", footer: Hint(keys: "r", text: "retry"), command: .retryTapped))
    } else if state.status == .loaded {
      if !state.orders.isEmpty {
        let move = Hint(keys: "↑↓", text: "move")
        bindings += [
          KeyBinding([.up, .character("k")], "↑/k", "previous order", footer: move, command: .orderSelectionMoved(.up, visibleRows: rows)),
          KeyBinding([.down, .character("j")], "↓/j", "next order", footer: move, command: .orderSelectionMoved(.down, visibleRows: rows)),
          KeyBinding([.home, .character("g")], "Home/g", "newest order", command: .orderSelectionMoved(.first, visibleRows: rows)),
          KeyBinding([.end, .character("G")], "End/G", "oldest order", command: .orderSelectionMoved(.last, visibleRows: rows)),
          KeyBinding([.enter], "Enter", "open the order", command: .orderOpened).inFooter(),
        ]
      }
      bindings.append(KeyBinding([.character("r")], "r", "refresh the orders", footer: Hint(keys: "r", text: "refresh"), command: .refreshTapped))
    }
    return KeyMap("Profile", bindings: bindings)
  }
}

extension AppFeature.State {
  /// Whether typed characters go into a text line — the search, or a field of checkout's
  /// address form (a text field, or the country list's search) — `?` included.
  var isTypingText: Bool {
    guard selectedTab == .products, !isHelpPresented else { return false }
    if let checkout = productList.cart?.checkout, checkout.step == .address, case .address? = checkout.form.focus { return true }
    return productList.browsing.searchField != nil && productList.browsing.picker == nil && productList.details == nil
  }
}
