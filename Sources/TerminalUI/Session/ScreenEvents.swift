import TerminalKit
import Shop

/// What the screens tell their features without a key being pressed: that they came into view
/// (as SwiftUI's `onAppear`), and how many rows they have room for.
public enum ScreenEvents {
  /// The most rounds of telling one settling takes. Screens settle in one or two (a tab appears,
  /// its list loads and learns its rows); a feature that answered every event with a change
  /// that called for another would otherwise hold the main actor, and the keyboard, for ever.
  public static let mostRounds = 8

  /// Runs `round` until it reports that nothing was told, or ``mostRounds`` times. Returns the
  /// rounds run.
  @discardableResult
  public static func settle(_ round: () -> Bool) -> Int {
    for count in 1...mostRounds where !round() {
      return count
    }
    return mostRounds
  }

  /// The view actions due after the state went from `previous` (`nil` at start) to `current`
  /// on a screen of `size`.
  public static func commands(from previous: AppFeature.State?, to current: AppFeature.State, size: Size) -> [KeyCommand] {
    commands(from: previous, to: current, layout: AppLayout(size: size))
  }

  /// The same, on a screen laid out as `layout` (with or without pictures).
  public static func commands(from previous: AppFeature.State?, to current: AppFeature.State, layout: AppLayout) -> [KeyCommand] {
    let size = layout.size
    var commands: [KeyCommand] = []
    if current.selectedTab != previous?.selectedTab {
      switch current.selectedTab {
      case .products: commands.append(.products(.onAppear))
      case .profile: commands.append(.profile(.onAppear))
      }
    }
    if current.productList.cart?.checkout != nil, previous?.productList.cart?.checkout == nil {
      commands.append(.checkout(.task))
    }
    if current.isHelpPresented, AppLayout.fitsMinimum(size) {
      let limit = ShopHelp.scrollLimit(for: current, size: size)
      if limit != current.helpScrollLimit { commands.append(.app(.helpScrollLimitChanged(limit))) }
    }
    if current.productList.details != nil, AppLayout.fitsMinimum(size) {
      let limit = DetailsSheet.scrollLimit(for: current.productList, layout: layout.screen)
      if limit != current.productList.details?.scrollLimit { commands.append(.details(.scrollLimitChanged(limit))) }
    }
    guard layout.fitsMinimum else { return commands }
    // How many rows each list on screen shows: they page and scroll by it.
    let rows = layout.screen.visibleProductRows
    if rows != current.productList.visibleRowCount {
      commands.append(.products(.visibleRowCountChanged(rows)))
    }
    if let picker = current.productList.browsing.picker {
      let rows = PickerView.visibleRows(for: picker, in: layout.screen.body)
      if rows > 0, rows != picker.scroll.visibleRows { commands.append(.picker(.visibleRowsChanged(rows))) }
    }
    if let cart = current.productList.cart {
      let rows = CartSheet.visibleRows(in: layout.screen)
      if rows > 0, rows != cart.scroll.visibleRows { commands.append(.cart(.visibleRowsChanged(rows))) }
    }
    if current.selectedTab == .profile {
      let rows = ProfileScreen.visibleOrderRows(of: current.profile, in: layout.screen)
      if rows > 0, rows != current.profile.orderScroll.visibleRows { commands.append(.profile(.visibleOrderRowsChanged(rows))) }
    }
    return commands
  }
}
