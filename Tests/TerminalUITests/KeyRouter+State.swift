import Shop
import TerminalKit
import TerminalUI

/// The router asked of a state directly, as the tests ask it; the program routes through the key
/// maps it built for the frame on screen (``KeyRouter/command(for:through:size:)``).
extension KeyRouter {
  /// The screen the tests route on unless they name one: the maps carry its rows and limits.
  static let testSize = Size(width: 80, height: 24)

  /// What `key` does on a screen of `size` in `state`.
  static func command(for key: Key, in state: AppFeature.State, size: Size) -> KeyCommand? {
    command(for: key, through: keyLayers(for: state, layout: AppLayout(size: size)), size: size)
  }

  /// What `key` does in `state`, on an 80×24 screen.
  static func command(for key: Key, in state: AppFeature.State) -> KeyCommand? {
    keyLayers(for: state, layout: AppLayout(size: testSize)).command(for: key)
  }

  /// The maps in force in `state`, the global map first, as help lists them.
  static func layers(for state: AppFeature.State) -> [KeyMap<KeyCommand>] {
    keyLayers(for: state, layout: AppLayout(size: testSize)).inForce
  }

  /// The footer's hints in `state`: innermost first, each shown once.
  static func footerHints(for state: AppFeature.State) -> [Hint] {
    keyLayers(for: state, layout: AppLayout(size: testSize)).footerHints
  }
}
