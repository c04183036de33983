import TerminalKit
import Boundaries
import Shop

/// The app without a terminal: keys in, screens out. What `onlinestore snapshot` runs, and what
/// tests can drive; it routes keys and draws exactly as the interactive app does.
@MainActor
public final class HeadlessSession {
  public let store: StoreOf<AppFeature>
  public private(set) var size: Size
  private let screens: ScreenStores
  private var lastState: AppFeature.State?

  public init(store: StoreOf<AppFeature>, size: Size) {
    self.store = store
    self.size = size
    self.screens = ScreenStores(app: store)
  }

  /// Shows the first screen, and waits for what it starts (loading the products).
  public func start() async {
    await settle()
  }

  /// Presses `key` and waits for the effects it started. Returns `false` if the key quits.
  @discardableResult
  public func press(_ key: Key) async -> Bool {
    guard let command = KeyRouter.command(for: key, in: store.state, size: size) else { return true }
    if command == .quit { return false }
    await screens.send(command)?.finish()
    await settle()
    return true
  }

  /// Clicks or turns the wheel at a cell, as a terminal's mouse report does, and waits for the
  /// effects it started.
  public func mouse(_ event: MouseEvent) async {
    guard let command = AppScreen.command(for: event, in: store.state, size: size), command != .quit else { return }
    await screens.send(command)?.finish()
    await settle()
  }

  /// Pastes `text`, as a terminal's bracketed paste does.
  public func paste(_ text: String) async {
    guard let command = KeyRouter.command(forPaste: text, in: store.state, size: size) else { return }
    await screens.send(command)?.finish()
    await settle()
  }

  /// Changes the screen size, as a terminal resize does.
  public func resize(to size: Size) async {
    self.size = size
    await settle()
  }

  /// The current screen.
  public func render(context: RenderContext = RenderContext()) -> ScreenFrame {
    AppScreen.render(store.state, size: size, context: context)
  }

  /// Sends the screens' own events and waits for what they start.
  private func settle() async {
    for task in screens.sendScreenEvents(since: &lastState, size: size) {
      await task.finish()
    }
  }
}
