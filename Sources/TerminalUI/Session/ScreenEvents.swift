import TerminalKit
import Shop

/// What the screens tell their features without a key being pressed: that they came into view
/// (as SwiftUI's `onAppear` and `task`). Nothing about their size: a command that needs the rows
/// or lines on screen carries them (see ``KeyRouter``), and the screens fit what they draw to
/// their area themselves.
public enum ScreenEvents {
  /// The most rounds of telling one settling takes. A screen that appears may make another
  /// appear (a tab whose list loads, a cart that opens checkout); a feature that answered every
  /// appearance with another would otherwise hold the main actor, and the keyboard, for ever.
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

  /// The view actions due after the state went from `previous` (`nil` at start) to `current`.
  public static func commands(from previous: AppFeature.State?, to current: AppFeature.State) -> [KeyCommand] {
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
    return commands
  }
}
