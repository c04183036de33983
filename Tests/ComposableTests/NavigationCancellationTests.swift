import Composable
import StoreTestSupport
import Testing

// The Composable Architecture's cancellation rules for children, checked against our core: a
// row's or a presented child's effects end with it, whatever removed it, and a child's cancel
// ids are its own.

/// A host that dismisses in a reducer listed before its `ifLet`, so `ifLet` never sees the
/// child go.
struct EarlyDismissHost: Reducer {
  struct State: Equatable {
    @Presents var presented: Listener.State?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case presented(PresentationAction<Listener.Action>)
    case present
    case dismissFirst
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .dismissFirst = action { state.presented = nil }
      return .none
    }
    Reduce { state, action in
      if case .present = action { state.presented = Listener.State(id: 1) }
      return .none
    }
    .ifLet(\.$presented, action: \.presented) { Listener() }
  }
}

@MainActor
struct NavigationCancellationTests {
  @Test func aChildDismissedBeforeItsIfLetRunsStillHasItsEffectsCancelled() async {
    let clock = WatchedClock()
    let store = TestStore(initialState: EarlyDismissHost.State()) { EarlyDismissHost() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.presented = Listener.State(id: 1) }
    await store.send(.presented(.presented(.listen)))
    await clock.sleeping()
    await store.send(.dismissFirst) { $0.presented = nil }
    await store.finish()
  }

  @Test func aRowCannotCancelItsParentsOrASiblingsEffects() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.rows(.element(id: 1, action: .listen)))
    await clock.sleeping()
    await store.send(.rows(.element(id: 2, action: .listen)))
    await clock.sleeping()

    // Row 1 cancels "its" id; the parent and row 2 use the same id and must go on.
    await store.send(.rows(.element(id: 1, action: .stopListening)))
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .heard))) {
      $0.rows[id: 2]?.heard = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }

  @Test func removingRowsByAParentActionCancelsTheirEffects() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.rows(.element(id: 1, action: .listen)))
    await clock.sleeping()
    await store.send(.rows(.element(id: 2, action: .listen)))
    await clock.sleeping()
    // Neither row's own action removes it: only the parent's does.
    await store.send(.removeAllRows) {
      $0.rows = []
    }
    await store.finish()
    await clock.advance(by: .seconds(5))
  }

  @Test func aParentsCancelReachesTheSameIDInItsChildrenBelow() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.rows(.element(id: 1, action: .listen)))
    await clock.sleeping()
    await store.send(.present(id: 2)) {
      $0.presented = Listener.State(id: 2)
    }
    await store.send(.presented(.presented(.listen)))
    await clock.sleeping()
    // The host's own listener runs at the host's level: its cancel reaches down into the row
    // and the presented listener, which use the same id.
    await store.send(.own(.stopListening))
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPresentedChildCannotCancelItsParentsEffects() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.present(id: 1)) {
      $0.presented = Listener.State(id: 1)
    }
    await store.send(.presented(.presented(.listen)))
    await clock.sleeping()
    await store.send(.presented(.presented(.stopListening)))
    await clock.advance(by: .seconds(3))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }

  @Test func aChildReplacedByOneWithAnotherIDIsANewPresentation() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.present(id: 1)) {
      $0.presented = Listener.State(id: 1)
    }
    await store.send(.presented(.presented(.listen)))
    await clock.sleeping()
    // Another child in its place: the first one's wait ends with its presentation.
    await store.send(.present(id: 2)) {
      $0.presented = Listener.State(id: 2)
    }
    await store.finish()
    await clock.advance(by: .seconds(5))
  }

  @Test func anOptionalChildReplacedByAnotherEndsTheFirstOnesEffects() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.showOptional(id: 1)) {
      $0.optional = Listener.State(id: 1)
    }
    await store.send(.optional(.listen))
    await clock.sleeping()
    await store.send(.showOptional(id: 2)) {
      $0.optional = Listener.State(id: 2)
    }
    await store.finish()
    await clock.advance(by: .seconds(5))
  }

  @Test func anOptionalChildCannotCancelItsParentsEffects() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.showOptional(id: 1)) {
      $0.optional = Listener.State(id: 1)
    }
    await store.send(.optional(.stopListening))
    await clock.advance(by: .seconds(3))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }
}
