import BackOffice
import Boundaries
import TerminalKit

/// The back office as a ``TerminalProgram``: its screens draw the frame, ``AdminKeys`` routes
/// keys and pastes, and each command goes to the store of the feature it belongs to, as a view
/// action only (``ViewOnlyStoreOf``). The same value runs full-screen, over SSH, headless for
/// snapshots and in the tests.
@MainActor
public final class BackOfficeProgram: TerminalProgram {
  public let store: StoreOf<BackOfficeFeature>
  /// Whether the features were started.
  private var started = false
  /// The drill-down's screens that have been shown (and so started), no more than are on it.
  private var shownScreens: Set<StackElementID> = []

  public init(store: StoreOf<BackOfficeFeature>) {
    self.store = store
  }

  public func frame(size: Size, context: RenderContext) -> Frame<AdminCommand> {
    AdminScreen.render(store.state, size: size, context: context)
  }

  public func command(for input: InputEvent, size: Size) -> AdminCommand? {
    switch input {
    case let .key(key): AdminKeys.command(for: key, in: store.state, size: size)
    case let .paste(text): AdminKeys.command(forPaste: text, in: store.state)
    case .mouse, .resize, .signal: nil
    }
  }

  public func perform(_ command: AdminCommand) -> ProgramStep {
    switch command {
    case .quit: return .quit
    case .redraw: return .repaint
    default: return .started(send(command).map(Self.work))
    }
  }

  /// Starts the features once (their `task`, as a SwiftUI view's). Nothing about the screen's
  /// size is told: a move carries the rows its table shows, and the tables fit their rows to
  /// the screen as they draw.
  public func settle(size: Size) -> [ProgramWork] {
    var commands: [AdminCommand] = []
    if !started {
      started = true
      commands = [.orders(.task), .catalog(.task), .customers(.task), .audit(.task)]
    }
    // A customer put on the drill-down fetches their record when it first shows, as a pushed
    // SwiftUI view's task runs.
    let path = store.state.path
    shownScreens.formIntersection(path.ids)
    if let top = path.ids.last, !shownScreens.contains(top) {
      shownScreens.insert(top)
      if case .customer? = path.last { commands.append(.customer(.task)) }
    }
    return commands.compactMap(send).map(Self.work)
  }

  public func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
    let observation = store.observeChanges(onChange)
    return StateObservation { observation.cancel() }
  }

  public var changeCount: Int? { store.changeCount }

  @discardableResult
  func send(_ command: AdminCommand) -> StoreTask? {
    switch command {
    case let .app(action): return store.viewScope.send(action)
    case let .orders(action): return store.scope(state: \.orders, action: \.orders).viewScope.send(action)
    case let .order(action):
      guard let top = store.state.path.ids.last else { return nil }
      return store.scope(state: \.topOrder, action: \.path[id: top].order)?.viewScope.send(action)
    case let .customer(action):
      guard let top = store.state.path.ids.last else { return nil }
      return store.scope(state: \.topCustomer, action: \.path[id: top].customer)?.viewScope.send(action)
    case let .catalog(action): return store.scope(state: \.catalog, action: \.catalog).viewScope.send(action)
    case let .customers(action): return store.scope(state: \.customers, action: \.customers).viewScope.send(action)
    case let .audit(action): return store.scope(state: \.audit, action: \.audit).viewScope.send(action)
    case .quit, .redraw: return nil
    }
  }

  private static func work(_ task: StoreTask) -> ProgramWork {
    ProgramWork { await task.finish() }
  }
}
