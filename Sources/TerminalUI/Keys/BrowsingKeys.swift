import TerminalKit
import Shop

/// The search line's keys while it is being edited: typing goes into it, the arrows still move
/// through the list it narrows (as in fzf; `visibleRows` rows a page), Enter keeps the search
/// and Esc clears it.
public enum SearchKeys {
  public static func map(for field: SearchField, visibleRows rows: Int) -> KeyMap<KeyCommand> {
    let move = Hint(keys: "↑↓", text: "move")
    return KeyMap(
      "Search", isModal: true,
      textInput: TextInput("type to search") { .browsing(.searchEdited(.insert($0))) },
      bindings: [
        KeyBinding([.enter], "Enter", "keep the search", footer: Hint(keys: "Enter", text: "done", isEssential: true), command: .browsing(.searchCommitted)),
        KeyBinding([.escape], "Esc", "clear the search", footer: Hint(keys: "Esc", text: "clear", isEssential: true), command: .browsing(.searchCancelled)),
        KeyBinding([.up], "↑", "previous product", footer: move, command: .products(.selectionMoved(.up, visibleRows: rows))),
        KeyBinding([.down], "↓", "next product", footer: move, command: .products(.selectionMoved(.down, visibleRows: rows))),
        KeyBinding([.pageUp], "PgUp", "page up", command: .products(.selectionMoved(.pageUp, visibleRows: rows))),
        KeyBinding([.pageDown], "PgDn", "page down", command: .products(.selectionMoved(.pageDown, visibleRows: rows))),
        KeyBinding([.backspace], "Backspace", field.text.isEmpty ? "close the search line" : "delete a character", command: .browsing(.searchEdited(.deleteBackward))),
        KeyBinding([.delete], "Delete", "delete under the cursor", command: .browsing(.searchEdited(.deleteForward))),
        KeyBinding([.control("w")], "Ctrl-W", "delete a word", command: .browsing(.searchEdited(.deleteWordBackward))),
        KeyBinding([.control("u")], "Ctrl-U", "delete to the start", command: .browsing(.searchEdited(.deleteToStart))),
        KeyBinding([.left], "←", "cursor left", command: .browsing(.searchEdited(.moveLeft))),
        KeyBinding([.right], "→", "cursor right", command: .browsing(.searchEdited(.moveRight))),
        KeyBinding([.home, .control("a")], "Home/Ctrl-A", "cursor to the start", command: .browsing(.searchEdited(.moveToStart))),
        KeyBinding([.end, .control("e")], "End/Ctrl-E", "cursor to the end", command: .browsing(.searchEdited(.moveToEnd))),
      ]
    )
  }
}

/// The category and sort pickers' keys, on a screen that shows `visibleRows` options.
public enum PickerKeys {
  public static func map(for state: PickerFeature.State, visibleRows rows: Int) -> KeyMap<PickerFeature.Action.ViewAction> {
    let move = Hint(keys: "↑↓", text: "move")
    return KeyMap(
      BrowsingText.title(of: state), isModal: true,
      bindings: [
        KeyBinding([.up, .character("k")], "↑/k", "previous choice", footer: move, command: .highlightMoved(.up, visibleRows: rows)),
        KeyBinding([.down, .character("j")], "↓/j", "next choice", footer: move, command: .highlightMoved(.down, visibleRows: rows)),
        KeyBinding([.home, .character("g")], "Home/g", "first choice", command: .highlightMoved(.first, visibleRows: rows)),
        KeyBinding([.end, .character("G")], "End/G", "last choice", command: .highlightMoved(.last, visibleRows: rows)),
        KeyBinding([.enter, .character(" ")], "Enter", "choose", command: .chooseTapped).inFooter(essential: true),
        KeyBinding([.escape, .character("q")], "Esc/q", "leave as it was", footer: Hint(keys: "Esc", text: "cancel", isEssential: true), command: .cancelTapped),
      ]
    )
  }
}

/// The detail sheet's keys; the product's stepper keys come with it (see ``KeyRouter``). The
/// arrows scroll the text when `scrollLimit` lines of it do not fit.
public enum DetailsKeys {
  public static func map(scrollLimit limit: Int) -> KeyMap<ProductDetailsFeature.Action.ViewAction> {
    var bindings = [
      KeyBinding([.escape, .character("q")], "Esc/q", "close the details", footer: Hint(keys: "Esc", text: "close", isEssential: true), command: ProductDetailsFeature.Action.ViewAction.closeTapped)
    ]
    if limit > 0 {
      let scroll = Hint(keys: "↑↓", text: "scroll")
      bindings += [
        KeyBinding([.up, .character("k")], "↑/k", "scroll up", footer: scroll, command: .scrolled(by: -1, limit: limit)),
        KeyBinding([.down, .character("j")], "↓/j", "scroll down", footer: scroll, command: .scrolled(by: 1, limit: limit)),
        KeyBinding([.pageUp], "PgUp", "page up", command: .scrolled(by: -10, limit: limit)),
        KeyBinding([.pageDown], "PgDn", "page down", command: .scrolled(by: 10, limit: limit)),
      ]
    }
    return KeyMap("Details", isModal: true, bindings: bindings)
  }
}
