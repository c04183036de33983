import Composable
import StoreTestSupport

/// Waits `id` seconds on the clock, then says it heard something; it can stop its own wait.
/// Every listener uses the same cancel id, which is what the isolation tests need.
struct Listener: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var heard = 0
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case listen
    case heard
    case stopListening
    /// Stops from inside an effect, with `Task.cancel(id:)`.
    case stopFromAnEffect
  }

  enum CancelID { case listening }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      return .run { [clock, seconds = state.id] send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.heard)
      }
      .cancellable(id: CancelID.listening)
    case .heard:
      state.heard += 1
      return .none
    case .stopListening:
      return .cancel(id: CancelID.listening)
    case .stopFromAnEffect:
      return .run { _ in Task.cancel(id: CancelID.listening) }
    }
  }
}

/// A listener of its own, rows of listeners, a presented listener and an optional one.
struct ListenerHost: Reducer {
  struct State: Equatable {
    var own = Listener.State(id: 3)
    var rows: IdentifiedArrayOf<Listener.State> = [Listener.State(id: 1), Listener.State(id: 2)]
    @Presents var presented: Listener.State?
    var optional: Listener.State?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case own(Listener.Action)
    case rows(IdentifiedActionOf<Listener>)
    case presented(PresentationAction<Listener.Action>)
    case optional(Listener.Action)
    case removeAllRows
    case present(id: Int)
    case showOptional(id: Int)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.own, action: \.own) { Listener() }
    Reduce { state, action in
      switch action {
      case .removeAllRows:
        state.rows.removeAll()
      case let .present(id):
        state.presented = Listener.State(id: id)
      case let .showOptional(id):
        state.optional = Listener.State(id: id)
      case .own, .rows, .presented, .optional:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Listener() }
    .ifLet(\.$presented, action: \.presented) { Listener() }
    .ifLet(\.optional, action: \.optional) { Listener() }
  }
}

extension ListenerHost {
  /// A test store of the host, its clock `clock`, with time enough for a loaded machine.
  @MainActor
  static func testStore(clock: WatchedClock) -> TestStoreOf<ListenerHost> {
    let store = TestStore(initialState: ListenerHost.State()) {
      ListenerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = .seconds(3)
    return store
  }
}
