import Boundaries
import Shop
import TerminalKit

/// The shop as a ``TerminalProgram``: its screens draw the frame, its key maps route keys and
/// pastes, and every command goes through the store of the screen it belongs to. The same value
/// runs in the full-screen store, `onlinestore snapshot` and the tests, on any backend.
@MainActor
public final class ShopProgram: TerminalProgram {
  public let store: StoreOf<AppFeature>
  private let screens: ScreenStores
  /// The state the screens last spoke for (see ``ScreenEvents``).
  private var settledState: AppFeature.State?

  public init(store: StoreOf<AppFeature>) {
    self.store = store
    self.screens = ScreenStores(app: store)
  }

  public func frame(size: Size, context: RenderContext) -> ScreenFrame {
    AppScreen.render(store.state, size: size, context: context)
  }

  public func command(for input: InputEvent, size: Size) -> KeyCommand? {
    switch input {
    case let .key(key): KeyRouter.command(for: key, in: store.state, size: size)
    case let .paste(text): KeyRouter.command(forPaste: text, in: store.state, size: size)
    case .mouse, .resize: nil
    }
  }

  public func perform(_ command: KeyCommand) -> ProgramStep {
    switch command {
    case .quit: .quit
    case .redraw: .repaint
    default: .started(screens.send(command).map(Self.work))
    }
  }

  public func settle(size: Size) -> [ProgramWork] {
    screens.sendScreenEvents(since: &settledState, size: size).map(Self.work)
  }

  public var isAnimating: Bool { AppScreen.isAnimating(store.state) }

  public func stateChanges() -> AsyncStream<Void> { store.stateChanges() }

  /// The product list saves the cart.
  public func finish() -> ProgramWork {
    Self.work(screens.productsScreen.send(.willTerminate))
  }

  private static func work(_ task: StoreTask) -> ProgramWork {
    ProgramWork { await task.finish() }
  }
}

/// The shop without a terminal: keys in, screens out, each key's work waited for, no
/// animation. What `onlinestore snapshot` and the tests drive: the same ``ProgramLoop`` as the
/// full-screen store, on a ``RecordingTerminal``.
public typealias HeadlessSession = ProgramLoop<ShopProgram, RecordingTerminal>

extension ProgramLoop where Program == ShopProgram, Backend == RecordingTerminal {
  public convenience init(store: StoreOf<AppFeature>, size: Size, theme: Theme = .color) {
    self.init(program: ShopProgram(store: store), backend: RecordingTerminal(size: size, theme: theme), waitsForWork: true, tickInterval: nil)
  }
}

extension ProgramLoop where Program == ShopProgram {
  public var store: StoreOf<AppFeature> { program.store }
}
