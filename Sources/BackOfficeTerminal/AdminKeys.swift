import BackOffice
import Shop
import TerminalKit

/// What each key does in the back office, decided from the state on screen: the innermost
/// thing open takes the key first — the screen on top of the drill-down (its form, its
/// question), the search line, the stock editor — then the tab, then the console (tabs, quit). The footer's hints are made
/// from the same places. A move through a table carries the rows the table shows on a screen
/// of `size` (``AdminLayout``), the page a PgDn turns.
enum AdminKeys {
  static func command(for key: Key, in state: BackOfficeFeature.State, size: Size) -> AdminCommand? {
    if key == .control("c") { return .quit }
    if key == .control("l") { return .redraw }
    switch innermost(key, state, tableRows: AdminLayout(size: size).tableRows) {
    case let .command(command): return command
    case .ignored: return nil
    case .passedOn: break
    }
    switch key {
    case .tab: return .app(.tabSelected(next(after: state.tab, by: 1)))
    case .backTab: return .app(.tabSelected(next(after: state.tab, by: -1)))
    case .character("1"): return .app(.tabSelected(.orders))
    case .character("2"): return .app(.tabSelected(.catalog))
    case .character("3"): return .app(.tabSelected(.customers))
    case .character("4"): return .app(.tabSelected(.audit))
    case .character("q"): return .quit
    default: return nil
    }
  }

  /// Pasted text goes to the field being typed into, if one is.
  static func command(forPaste text: String, in state: BackOfficeFeature.State) -> AdminCommand? {
    if !state.path.isEmpty { return state.topOrder?.form != nil ? .order(.form(.paste(text))) : nil }
    switch state.tab {
    case .orders:
      return state.orders.searchField != nil ? .orders(.searchEdited(.paste(text))) : nil
    case .catalog:
      if state.catalog.form != nil { return .catalog(.form(.paste(text))) }
      return state.catalog.editor != nil ? .catalog(.editorEdited(.paste(text))) : nil
    case .customers, .audit:
      return nil
    }
  }

  /// What the innermost open thing makes of a key.
  private enum Routed {
    case command(AdminCommand)
    /// It is typing or asking a question: the key does nothing, and goes no further.
    case ignored
    /// Not its key: the console's, if anyone's.
    case passedOn

    init(_ command: AdminCommand?, otherwise: Routed) {
      self = command.map(Routed.command) ?? otherwise
    }
  }

  private static func innermost(_ key: Key, _ state: BackOfficeFeature.State, tableRows rows: Int) -> Routed {
    if let detail = state.topOrder { return drillDown(order(key, detail), key) }
    if let customer = state.topCustomer { return drillDown(self.customer(key, customer), key) }
    switch state.tab {
    case .orders:
      if let field = state.orders.searchField {
        switch key {
        case .enter: return .command(.orders(.searchCommitted))
        case .escape: return .command(.orders(.searchCancelled))
        default: return Routed(field.edit(for: key).map { .orders(.searchEdited($0)) }, otherwise: .ignored)
        }
      }
      if let move = selectionMove(key) { return .command(.orders(.selectionMoved(move, visibleRows: rows))) }
      switch key {
      case .enter: return .command(.orders(.opened))
      case .character("f"): return .command(.orders(.filterCycled))
      case .character("/"): return .command(.orders(.searchOpened))
      case .escape where state.orders.search != nil: return .command(.orders(.searchCancelled))
      case .character("r"): return .command(.orders(.refreshTapped))
      default: return .passedOn
      }
    case .catalog:
      let catalog = state.catalog
      if let form = catalog.form {
        return form.form.handle(.key(key)) != nil ? .command(.catalog(.form(.key(key)))) : .ignored
      }
      if catalog.pendingArchive != nil {
        switch key {
        case .enter, .character("y"): return .command(.catalog(.archiveConfirmed))
        case .escape, .character("n"): return .command(.catalog(.archiveDismissed))
        default: return .ignored
        }
      }
      if let editor = catalog.editor {
        switch key {
        case .enter: return .command(.catalog(.editorSubmitted))
        case .escape: return .command(.catalog(.editorCancelled))
        case .character("u"): return .command(.catalog(.limitLifted))
        default: return Routed(editor.field.edit(for: key).map { .catalog(.editorEdited($0)) }, otherwise: .ignored)
        }
      }
      if let move = selectionMove(key) { return .command(.catalog(.selectionMoved(move, visibleRows: rows))) }
      switch key {
      case .enter: return .command(.catalog(.editorOpened(.count)))
      case .character("a"): return .command(.catalog(.editorOpened(.adjust)))
      case .character("n"): return .command(.catalog(.formOpened(editing: false)))
      case .character("e"): return .command(.catalog(.formOpened(editing: true)))
      case .character("x"): return .command(.catalog(.archiveTapped))
      case .character("r"): return .command(.catalog(.refreshTapped))
      default: return .passedOn
      }
    case .customers:
      if let move = selectionMove(key) { return .command(.customers(.selectionMoved(move, visibleRows: rows))) }
      switch key {
      case .enter: return .command(.customers(.opened))
      case .character("r"): return .command(.customers(.refreshTapped))
      default: return .passedOn
      }
    case .audit:
      if state.audit.opened != nil {
        return key == .escape || key == .enter ? .command(.audit(.closed)) : .passedOn
      }
      if let move = selectionMove(key) { return .command(.audit(.selectionMoved(move, visibleRows: rows))) }
      switch key {
      case .enter: return .command(.audit(.opened))
      case .character("r"): return .command(.audit(.refreshTapped))
      default: return .passedOn
      }
    }
  }

  /// An open order: its move's form, the question, or its moves.
  private static func order(_ key: Key, _ detail: OrderDetailFeature.State) -> Routed {
    if let form = detail.form {
      return form.form.handle(.key(key)) != nil ? .command(.order(.form(.key(key)))) : .ignored
    }
    if detail.pending != nil {
      switch key {
      case .enter, .character("y"): return .command(.order(.confirmed))
      case .escape, .character("n"): return .command(.order(.confirmationDismissed))
      default: return .ignored
      }
    }
    if key == .escape { return .command(.order(.closeTapped)) }
    if key == .character("c") { return .command(.order(.customerOpened)) }
    let move = moveKeys.first { $0.key == key && detail.moves.contains($0.stage) }
    return Routed(move.map { .order(.moveChosen($0.stage)) }, otherwise: .passedOn)
  }

  /// An open customer: their newest orders, one to open.
  private static func customer(_ key: Key, _ customer: CustomerDetailFeature.State) -> Routed {
    switch key {
    case .escape: return .command(.customer(.closeTapped))
    case .up, .character("k"): return .command(.customer(.orderSelectionMoved(by: -1)))
    case .down, .character("j"): return .command(.customer(.orderSelectionMoved(by: 1)))
    case .enter: return .command(.customer(.orderOpened))
    case .character("r") where customer.failure != nil: return .command(.customer(.retryTapped))
    default: return .passedOn
    }
  }

  /// While a drill-down is open, the screen on top has the keys: the tab's keys would change
  /// what is under it unseen. Only quitting still reaches the console.
  private static func drillDown(_ routed: Routed, _ key: Key) -> Routed {
    if case .passedOn = routed, key != .character("q") { return .ignored }
    return routed
  }

  /// The keys that move an order on, and what the footer calls them.
  static let moveKeys: [(key: Key, stage: OrderStage, label: String)] = [
    (.character("p"), .packed, "packed"), (.character("s"), .shipped, "ship"), (.character("d"), .delivered, "delivered"),
    (.character("x"), .cancelled, "cancel"),
  ]

  private static func selectionMove(_ key: Key) -> SelectionMove? {
    SelectionMove.keyBindings.first { $0.keys.contains(key) }?.command
  }

  /// Where Esc goes back to: the screen under the top one, or the tab.
  private static func backHint(_ state: BackOfficeFeature.State) -> String {
    guard state.path.count < 2 else { 
      let below = state.path[state.path.count - 2].crumb
      return "back to " + below.prefix(1).lowercased() + below.dropFirst()
    }
    return "back to the " + state.tab.rawValue.lowercased()
  }

  private static func next(after tab: BackOfficeFeature.Tab, by step: Int) -> BackOfficeFeature.Tab {
    let all = BackOfficeFeature.Tab.allCases
    let index = all.firstIndex(of: tab) ?? 0
    return all[(index + step + all.count) % all.count]
  }

  // MARK: The footer

  static func hints(for state: BackOfficeFeature.State) -> [Hint] {
    let quit = Hint(keys: "q", text: "quit", isEssential: true)
    let tabs = Hint(keys: "Tab", text: "next tab")
    let back = Hint(keys: "Esc", text: backHint(state), isEssential: true)
    if let detail = state.topOrder {
      if let form = detail.form { return form.form.hints }
      if detail.pending != nil { return [Hint(keys: "Enter/y", text: "yes", isEssential: true), Hint(keys: "Esc/n", text: "no", isEssential: true)] }
      let moves = moveKeys.filter { detail.moves.contains($0.stage) }.map { Hint(keys: $0.key.label, text: $0.label, isEssential: true) }
      return moves + [Hint(keys: "c", text: "customer"), back]
    }
    if let customer = state.topCustomer {
      let retry = customer.failure != nil ? [Hint(keys: "r", text: "try again", isEssential: true)] : []
      let open = customer.orders.isEmpty ? [] : [Hint(keys: "↑↓", text: "select"), Hint(keys: "Enter", text: "open order", isEssential: true)]
      return retry + open + [back, quit]
    }
    switch state.tab {
    case .orders:
      if state.orders.searchField != nil {
        return [Hint(keys: "Enter", text: "search", isEssential: true), Hint(keys: "Esc", text: "all orders", isEssential: true)]
      }
      return [Hint(keys: "↑↓", text: "select"), Hint(keys: "Enter", text: "open", isEssential: true), Hint(keys: "f", text: "status"),
              Hint(keys: "/", text: "find"), tabs, quit]
    case .catalog:
      if let form = state.catalog.form { return form.form.hints }
      if state.catalog.pendingArchive != nil { return [Hint(keys: "Enter/y", text: "yes", isEssential: true), Hint(keys: "Esc/n", text: "no", isEssential: true)] }
      if state.catalog.editor != nil {
        return [Hint(keys: "Enter", text: "save", isEssential: true), Hint(keys: "u", text: "no limit"), Hint(keys: "Esc", text: "cancel", isEssential: true)]
      }
      return [
        Hint(keys: "Enter", text: "stock", isEssential: true), Hint(keys: "a", text: "units in/out"), Hint(keys: "n", text: "new"),
        Hint(keys: "e", text: "edit"), Hint(keys: "x", text: "archive"), tabs, quit,
      ]
    case .customers:
      return [Hint(keys: "↑↓", text: "select"), Hint(keys: "Enter", text: "open", isEssential: true), Hint(keys: "r", text: "refresh"), tabs, quit]
    case .audit:
      if state.audit.opened != nil { return [Hint(keys: "Esc", text: "back to the audit", isEssential: true), quit] }
      return [Hint(keys: "↑↓", text: "select"), Hint(keys: "Enter", text: "open", isEssential: true), Hint(keys: "r", text: "refresh"), tabs, quit]
    }
  }
}
