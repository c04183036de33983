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
    guard !started else { return [] }
    started = true
    return [.orders(.task), .catalog(.task), .customers(.task), .audit(.task)].compactMap(send).map(Self.work)
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
    case let .orders(action): return orders.viewScope.send(action)
    case let .order(action): return orders.scope(state: \.detail, action: \.detail.presented)?.viewScope.send(action)
    case let .catalog(action): return store.scope(state: \.catalog, action: \.catalog).viewScope.send(action)
    case let .customers(action): return store.scope(state: \.customers, action: \.customers).viewScope.send(action)
    case let .audit(action): return store.scope(state: \.audit, action: \.audit).viewScope.send(action)
    case .quit, .redraw: return nil
    }
  }

  private var orders: StoreOf<OrdersFeature> { store.scope(state: \.orders, action: \.orders) }

  private static func work(_ task: StoreTask) -> ProgramWork {
    ProgramWork { await task.finish() }
  }
}
