import TerminalKit
import Shop

/// The product list's keys.
public enum ProductsKeys {
  public static func map(for state: ProductListFeature.State) -> KeyMap<ProductListFeature.Action.ViewAction> {
    var bindings: [KeyBinding<ProductListFeature.Action.ViewAction>] = []
    if !state.shownIDs.isEmpty {
      let move = Hint(keys: "↑↓", text: "move")
      bindings += [
        KeyBinding([.up, .character("k")], "↑/k", "previous product", footer: move, command: .selectionMoved(.up)),
        KeyBinding([.down, .character("j")], "↓/j", "next product", footer: move, command: .selectionMoved(.down)),
        KeyBinding([.pageUp], "PgUp", "page up", command: .selectionMoved(.pageUp)),
        KeyBinding([.pageDown], "PgDn", "page down", command: .selectionMoved(.pageDown)),
        KeyBinding([.home, .character("g")], "Home/g", "first product", command: .selectionMoved(.first)),
        KeyBinding([.end, .character("G")], "End/G", "last product", command: .selectionMoved(.last)),
      ]
    }
    // Bound in the order the footer gives them up, last first.
    if state.canBrowse {
      bindings.append(KeyBinding([.character("/")], "/", "search", command: .searchOpened).inFooter())
    }
    bindings.append(KeyBinding([.character("c")], "c", "go to cart", command: .cartButtonTapped).inFooter())
    if !state.shownIDs.isEmpty {
      bindings.append(KeyBinding([.enter], "Enter", "details", command: .detailsOpened).inFooter())
    }
    if state.canBrowse {
      bindings += [
        KeyBinding([.character("f")], "f", "category", command: .categoryPickerOpened).inFooter(),
        KeyBinding([.character("s")], "s", "sort", command: .sortPickerOpened).inFooter(),
      ]
    }
    if case .failed = state.status {
      bindings.append(KeyBinding([.character("r"), .enter], "r/Enter", "retry", footer: Hint(keys: "r", text: "retry"), command: .retryTapped))
    } else if state.status == .loaded, state.products.isEmpty {
      bindings.append(KeyBinding([.character("r")], "r", "reload", command: .retryTapped).inFooter())
    }
    switch state.attention {
    case .notice:
      bindings.append(KeyBinding([.escape], "Esc", "dismiss the notice", command: .noticeDismissed).inFooter())
    case .earlierVersionCart:
      bindings += [
        KeyBinding([.character("m")], "m", "add the 1.0 cart here", command: .earlierVersionCartTaken).inFooter(),
        KeyBinding([.escape], "Esc", "not now", command: .noticeDismissed).inFooter(),
      ]
    case .search:
      // First in the footer: with a search in force, clearing it is what is most often next.
      bindings.insert(KeyBinding([.escape], "Esc", "clear the search", command: .searchCleared).inFooter(), at: 0)
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
