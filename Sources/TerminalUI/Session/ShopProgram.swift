import Boundaries
import Shop
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The shop as a ``TerminalProgram``: its screens draw the frame, its key maps route keys and
/// pastes, and every command goes through the store of the screen it belongs to. The same value
/// runs in the full-screen store, `onlinestore snapshot` and the tests, on any backend.
@MainActor
public final class ShopProgram: TerminalProgram {
  public let store: StoreOf<AppFeature>
  /// Product pictures, when they are on.
  public let pictures: PictureLoader?
  /// The accessible mode (`--accessible`): plain lines where a screen offers them.
  public let accessible: Bool
  private let screens: ScreenStores
  /// The state the screens last spoke for (see ``ScreenEvents``).
  private var settledState: AppFeature.State?
  /// The key maps of the state at a store change count, at a size: the frame's footer builds
  /// them, and the next key is routed through the same ones rather than building them again.
  private var builtKeys: (changeCount: Int, size: Size, layers: KeyLayers<KeyCommand>)?
  /// How many times the key maps were built: once per state drawn, not again for its keys.
  public private(set) var keyMapsBuilt = 0

  public init(store: StoreOf<AppFeature>, pictures: PictureLoader? = nil, accessible: Bool = false) {
    self.store = store
    self.pictures = pictures
    self.accessible = accessible
    self.screens = ScreenStores(app: store)
  }

  private var shelf: PictureShelf { pictures?.shelf ?? .off }

  private func layout(_ size: Size) -> AppLayout {
    AppLayout(size: size, showsPictures: pictures != nil)
  }

  public func frame(size: Size, context: RenderContext) -> ScreenFrame {
    var context = context
    context.accessible = context.accessible || accessible
    return AppScreen.render(store.state, size: size, context: context, pictures: shelf, keys: keys(at: size))
  }

  public func command(for input: InputEvent, size: Size) -> KeyCommand? {
    switch input {
    case let .key(key): KeyRouter.command(for: key, through: keys(at: size), size: size)
    case let .paste(text): KeyRouter.command(forPaste: text, through: keys(at: size), size: size)
    case .signal(SIGUSR1): .products(.hostRestartAnnounced)
    case .mouse, .resize, .signal: nil
    }
  }

  /// The key maps in force now on a screen of `size`. Every change to the state goes through the
  /// store, which counts it, so maps built at the same count and size are the state's.
  private func keys(at size: Size) -> KeyLayers<KeyCommand> {
    let count = store.changeCount
    if let builtKeys, builtKeys.changeCount == count, builtKeys.size == size { return builtKeys.layers }
    let layers = KeyRouter.keyLayers(for: store.state, layout: layout(size))
    builtKeys = (count, size, layers)
    keyMapsBuilt += 1
    return layers
  }

  public func perform(_ command: KeyCommand) -> ProgramStep {
    switch command {
    case .quit: .quit
    case .redraw: .repaint
    default: .started(screens.send(command).map(Self.work))
    }
  }

  /// Tells the screens' features which of them came into view, then starts loading the
  /// pictures now on screen.
  public func settle(size: Size) -> [ProgramWork] {
    let layout = layout(size)
    let work = screens.sendScreenEvents(since: &settledState).map(Self.work)
    guard let pictures else { return work }
    return work + pictures.load(ShopPictures.wanted(in: store.state, layout: layout, shelf: pictures.shelf))
  }

  public var isAnimating: Bool { AppScreen.isAnimating(store.state) }

  /// The store's changes, heard at the end of the send that made them, and pictures arriving
  /// (a stream: they come from the loader's own tasks).
  public func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
    let store = store.observeChanges(onChange)
    let arrivals = pictures.map { StateObservation.forwarding($0.changes(), to: onChange) }
    return StateObservation {
      store.cancel()
      arrivals?.cancel()
    }
  }

  /// The store's changes and the pictures' arrivals, counted as ``observeStateChanges(_:)`` reports them.
  public var changeCount: Int? { store.changeCount &+ (pictures?.wakeUps ?? 0) }

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
public typealias HeadlessShop = ProgramLoop<ShopProgram, RecordingTerminal>

extension ProgramLoop where Program == ShopProgram, Backend == RecordingTerminal {
  public convenience init(store: StoreOf<AppFeature>, size: Size, theme: Theme = .color, pictures: PictureLoader? = nil) {
    self.init(
      program: ShopProgram(store: store, pictures: pictures), backend: RecordingTerminal(size: size, theme: theme), waitsForWork: true,
      tickInterval: nil
    )
  }
}

extension ProgramLoop where Program == ShopProgram {
  public var store: StoreOf<AppFeature> { program.store }
}
