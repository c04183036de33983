import TerminalKit
import Shop

/// The product list's keys: the list's own and its browsing child's, in one map (so the footer
/// gives them up in one order). Its moves carry `visibleRows`, the rows the list shows at the
/// screen's size: a page is that many.
public enum ProductsKeys {
  public static func map(for state: ProductListFeature.State, visibleRows rows: Int) -> KeyMap<KeyCommand> {
    var bindings: [KeyBinding<KeyCommand>] = []
    if !state.shownIDs.isEmpty {
      let move = Hint(keys: "↑↓", text: "move")
      bindings += [
        KeyBinding([.up, .character("k")], "↑/k", "previous product", footer: move, command: .products(.selectionMoved(.up, visibleRows: rows))),
        KeyBinding([.down, .character("j")], "↓/j", "next product", footer: move, command: .products(.selectionMoved(.down, visibleRows: rows))),
        KeyBinding([.pageUp], "PgUp", "page up", command: .products(.selectionMoved(.pageUp, visibleRows: rows))),
        KeyBinding([.pageDown], "PgDn", "page down", command: .products(.selectionMoved(.pageDown, visibleRows: rows))),
        KeyBinding([.home, .character("g")], "Home/g", "first product", command: .products(.selectionMoved(.first, visibleRows: rows))),
        KeyBinding([.end, .character("G")], "End/G", "last product", command: .products(.selectionMoved(.last, visibleRows: rows))),
      ]
    }
    // Bound in the order the footer gives them up, last first.
    if state.browsing.canBrowse {
      bindings.append(KeyBinding([.character("/")], "/", "search", command: .browsing(.searchOpened)).inFooter())
    }
    bindings.append(KeyBinding([.character("c")], "c", "go to cart", command: .products(.cartButtonTapped)).inFooter())
    if !state.shownIDs.isEmpty {
      bindings.append(KeyBinding([.enter], "Enter", "details", command: .products(.detailsOpened)).inFooter())
    }
    if state.browsing.canBrowse {
      bindings += [
        KeyBinding([.character("f")], "f", "category", command: .browsing(.categoryPickerOpened)).inFooter(),
        KeyBinding([.character("s")], "s", "sort", command: .browsing(.sortPickerOpened)).inFooter(),
      ]
    }
    if case .failed = state.status {
      bindings.append(KeyBinding([.character("r"), .enter], "r/Enter", "retry", footer: Hint(keys: "r", text: "retry"), command: .products(.retryTapped)))
    } else if state.status == .loaded, state.products.isEmpty {
      bindings.append(KeyBinding([.character("r")], "r", "reload", command: .products(.retryTapped)).inFooter())
    } else if state.status == .loaded {
      bindings.append(KeyBinding([.character("r")], "r", "refresh the list from the store", command: .products(.retryTapped)))
    }
    switch state.attention {
    case .notice:
      bindings.append(KeyBinding([.escape], "Esc", "dismiss the notice", command: .products(.noticeDismissed)).inFooter())
    case .earlierVersionCart:
      bindings += [
        KeyBinding([.character("m")], "m", "add the 1.0 cart here", command: .products(.earlierVersionCartTaken)).inFooter(),
        KeyBinding([.escape], "Esc", "not now", command: .products(.noticeDismissed)).inFooter(),
      ]
    case .search:
      // First in the footer: with a search in force, clearing it is what is most often next.
      bindings.insert(KeyBinding([.escape], "Esc", "clear the search", command: .browsing(.searchCleared)).inFooter(), at: 0)
    case nil:
      break
    }
    return KeyMap("Products", bindings: bindings)
  }
}

/// The keys of the selected product's stepper.
public enum StepperKeys {
  public static func map(for state: AddToCartFeature.State) -> KeyMap<AddToCartFeature.Action.ViewAction> {
    let quantity = Hint(keys: "+/-", text: "quantity")
    return KeyMap(
      "Selected product",
      bindings: [
        KeyBinding([.character("+"), .character("="), .right, .character("l")], "+/→/l", "one more", footer: quantity, command: AddToCartFeature.Action.ViewAction.plusTapped),
        KeyBinding([.character("-"), .left, .character("h")], "-/←/h", "one less", footer: quantity, command: .minusTapped),
        KeyBinding([.character(" ")], "Space", state.count == 0 ? "add to cart" : "add one more", command: .plusTapped),
      ]
    )
  }
}
