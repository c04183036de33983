import Clocks
import Composable
import Foundation
import Testing

/// A parent with a counter child, for scoping.
struct CounterPair: Reducer {
  struct State: Equatable {
    var left = Counter.State()
    var right = Counter.State()
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case left(Counter.Action)
    case right(Counter.Action)
    case resetBoth
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Counter() }
    Scope(state: \.right, action: \.right) { Counter() }
    Reduce { state, action in
      if case .resetBoth = action {
        state.left.count = 0
        state.right.count = 0
      }
      return .none
    }
  }
}

@MainActor
struct StoreTests {
  @Test func scopedStoresStayInSyncWithTheirParent() {
    let store = Store(initialState: CounterPair.State()) { CounterPair() }
    let left = store.scope(state: \.left, action: \.left)
    left.send(.increment)
    left.send(.increment)
    #expect(store.state.left.count == 2)
    #expect(left.state.count == 2)
    store.send(.resetBoth)
    #expect(left.state.count == 0, "a scoped store reads through its parent")
  }

  @Test func anOptionalScopeIsNilWhileTheChildIsAbsent() {
    let store = Store(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    #expect(store.scope(state: \.ticker, action: \.ticker.presented) == nil)
    store.send(.showTicker)
    let ticker = store.scope(state: \.ticker, action: \.ticker.presented)
    ticker?.send(.tick)
    #expect(store.state.ticker?.ticks == 1)
  }

  /// Counted where the store tells its observers (``Store/changeCount``), not timed on a
  /// listener: a listener that slept and counted could neither tell a late second notification
  /// from none nor pass on a busy machine for certain.
  @Test func observersAreToldOncePerSend() async throws {
    let store = Store(initialState: CounterPair.State()) { CounterPair() }
    var changes = store.stateChanges().makeAsyncIterator()
    #expect(store.changeCount == 0)
    store.send(.left(.increment))
    #expect(store.changeCount == 1, "one send, one notification")
    #expect(await changes.next() != nil, "and the stream hears it")
    store.send(.left(.increment))
    store.send(.right(.increment))
    #expect(store.changeCount == 3, "never more than one each")
    // A scoped store tells the same observers, once per send too.
    store.scope(state: \.right, action: \.right).send(.increment)
    #expect(store.changeCount == 4)
    #expect(await changes.next() != nil, "sends before the listener looked collapse into one")
    #expect(store.state.left.count == 2 && store.state.right.count == 2)
  }

  /// A callback hears every send at its end, with the state as the send left it, scoped sends
  /// too; once cancelled, it hears nothing more.
  @Test func anObservationIsCalledAtTheEndOfEverySendUntilCancelled() {
    let store = Store(initialState: CounterPair.State()) { CounterPair() }
    var heard: [Int] = []
    let observation = store.observeChanges { heard.append(store.state.left.count + store.state.right.count) }
    store.send(.left(.increment))
    store.send(.left(.increment))
    store.scope(state: \.right, action: \.right).send(.increment)
    #expect(heard == [1, 2, 3], "each send once, after its change")
    observation.cancel()
    store.send(.right(.increment))
    #expect(heard == [1, 2, 3], "nothing after the cancel")
    #expect(store.changeCount == 4, "the count goes on")
  }

  @Test func sendReturnsATaskThatFinishesWithTheEffects() async {
    let store = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.queryChanged("shoes")).finish()
    #expect(store.state.results == ["shoes"])
  }

  @Test func cancellingTheTaskCancelsTheEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.queryChanged("shoes"))
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(1))
    #expect(store.state.results.isEmpty)
    #expect(task.isCancelled)
  }

  @Test func aStoreUsesTheDependenciesItWasGiven() async {
    struct Stamp: Reducer {
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout [UUID], action: Void) -> Effect<Void> {
        state.append(uuid())
        return .none
      }
    }
    let store = Store(initialState: [UUID]()) {
      Stamp()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(())
    store.send(())
    #expect(store.state == [UUID(0), UUID(1)])
  }

  @Test func printChangesWritesTheActionAndTheDifference() {
    let entries = LockIsolated<[String]>([])
    let store = Store(initialState: CounterPair.State()) {
      CounterPair()._printChanges(to: ChangeSink { entry in entries.withValue { $0.append(entry) } })
    }
    store.send(.left(.increment))
    store.send(.resetBoth)
    store.send(.resetBoth)
    #expect(entries.value.count == 3)
    #expect(entries.value[0].contains("received action:"))
    #expect(entries.value[0].contains("CounterPair.Action.left(.increment)"))
    #expect(entries.value[0].contains("-     count: 0") || entries.value[0].contains("−     count: 0"))
    #expect(entries.value[2].contains("(No state changes)"))
  }
}
