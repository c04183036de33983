import TerminalKit
import Shop

/// The shop's help: the kit's ``HelpOverlay`` over the keys in force under it, scrolled by the
/// app's offset, closed by help's own key.
enum ShopHelp {
  static func overlay(for state: AppFeature.State, layout: AppLayout) -> HelpOverlay<KeyCommand, KeyCommand> {
    let keys = KeyRouter.keyLayers(for: state.withoutHelp, layout: layout).helpOrder
    let limit = HelpOverlay<KeyCommand, KeyCommand>.scrollLimit(for: keys, in: layout.content)
    return HelpOverlay(
      keys,
      scrolledBy: state.helpScrollOffset,
      closeKey: AppKeys.help(scrollLimit: limit).key(for: .app(.helpToggled)),
      scroll: WheelCommands(up: .app(.helpScrolled(by: -3, limit: limit)), down: .app(.helpScrolled(by: 3, limit: limit)))
    )
  }

  /// How many lines help can scroll for `state` in `layout`: 0 when it fits.
  static func scrollLimit(for state: AppFeature.State, layout: AppLayout) -> Int {
    HelpOverlay<KeyCommand, KeyCommand>.scrollLimit(for: KeyRouter.keyLayers(for: state.withoutHelp, layout: layout).helpOrder, in: layout.content)
  }
}
