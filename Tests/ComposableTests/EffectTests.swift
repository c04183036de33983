import Clocks
import Composable
import StoreTestSupport
import Testing

/// A test store for ``Search`` whose effects wait on `clock`.
@MainActor
func searchStore(clock: some Clock<Duration>) -> TestStoreOf<Search> {
  TestStore(initialState: Search.State()) {
    Search()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

/// A search that waits 300 ms after each keystroke and answers only the latest query.
struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var steps: [Int] = []
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case response(String)
    case cancelTapped
    case runSteps
    case mergeSteps
    case step(Int)
    case child(ChildAction)
    case sendTwice
  }

  @CasePathable
  enum ChildAction: Equatable, Sendable {
    case ping
    case pong
  }

  private enum CancelID { case search }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.response(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case let .response(query):
      state.results.append(query)
      return .none
    case .cancelTapped:
      return .cancel(id: CancelID.search)
    case .runSteps:
      // Without concatenation step 2 would arrive first: step 1 waits a second.
      return .concatenate(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.step(1))
        },
        .run { send in await send(.step(2)) },
        .send(.step(3))
      )
    case .mergeSteps:
      return .merge(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.step(1))
        },
        .run { send in await send(.step(2)) }
      )
    case let .step(number):
      state.steps.append(number)
      return .none
    case .child(.ping):
      // A child's effect, mapped into the parent's actions.
      return Effect<ChildAction>.send(.pong).map(Action.child)
    case .child(.pong):
      state.steps.append(0)
      return .none
    case .sendTwice:
      return .merge(.send(.step(10)), .send(.step(20)))
    }
  }
}

@MainActor
struct EffectTests {
  @Test func cancelInFlightKeepsOnlyTheLatestRequest() async {
    let clock = WatchedClock()
    let store = searchStore(clock: clock)
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ca")) { $0.query = "ca" }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response("ca")) { $0.results = ["ca"] }
    await store.finish()
  }

  @Test func cancelStopsAnEffect() async {
    let clock = TestClock()
    let store = searchStore(clock: clock)
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await store.send(.cancelTapped)
    await store.finish()
    await clock.advance(by: .seconds(1))
  }

  @Test func concatenateRunsOneAfterAnother() async {
    let clock = WatchedClock()
    let store = searchStore(clock: clock)
    await store.send(.runSteps)
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.step(1)) { $0.steps = [1] }
    await store.receive(.step(2)) { $0.steps = [1, 2] }
    await store.receive(.step(3)) { $0.steps = [1, 2, 3] }
  }

  @Test func mergeRunsAtTheSameTime() async {
    let clock = WatchedClock()
    let store = searchStore(clock: clock)
    await store.send(.mergeSteps)
    await store.receive(.step(2)) { $0.steps = [2] }
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.step(1)) { $0.steps = [2, 1] }
  }

  @Test func mapEmbedsAChildsActions() async {
    let store = searchStore(clock: TestClock())
    await store.send(.child(.ping))
    await store.receive(.child(.pong)) { $0.steps = [0] }
  }

  @Test func sendDeliversSynchronouslyAndInOrder() {
    let store = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.send(.sendTwice)
    // No await: `.send` effects are reduced before `send` returns.
    #expect(store.state.steps == [10, 20])
  }

  @Test func anUnhandledErrorInAnEffectIsReported() async {
    struct Failing: Reducer {
      struct Boom: Error {}
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        .run { _ in throw Boom() }
      }
    }
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: 0) { Failing() }
      await store.send(true).finish()
    } matching: { issue in
      issue.description.contains("threw an error it did not handle")
    }
  }

  @Test func aCatchHandlerReceivesTheError() async {
    struct Recovering: Reducer {
      struct Boom: Error {}
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        state = action
        guard action == 0 else { return .none }
        return .run { _ in throw Boom() } catch: { _, send in await send(-1) }
      }
    }
    let store = TestStore(initialState: 5) { Recovering() }
    await store.send(0) { $0 = 0 }
    await store.receive(-1) { $0 = -1 }
  }
}
