import TerminalKit
import Shop

/// The shop's help: the kit's ``HelpOverlay`` over the keys in force under it, scrolled by the
/// app's offset, closed by help's own key.
enum ShopHelp {
  static func overlay(for state: AppFeature.State) -> HelpOverlay<KeyCommand, KeyCommand> {
    HelpOverlay(
      KeyRouter.keyLayers(for: state.withoutHelp).helpOrder,
      scrolledBy: state.helpScrollOffset,
      closeKey: AppKeys.help(for: state).key(for: .app(.helpToggled)),
      scroll: WheelCommands(up: .app(.helpScrolled(by: -3)), down: .app(.helpScrolled(by: 3)))
    )
  }

  /// How many lines help can scroll on a screen of `size` for `state`: 0 when it fits.
  static func scrollLimit(for state: AppFeature.State, size: Size) -> Int {
    HelpOverlay<KeyCommand, KeyCommand>.scrollLimit(for: KeyRouter.keyLayers(for: state.withoutHelp).helpOrder, in: AppLayout(size: size).content)
  }
}
