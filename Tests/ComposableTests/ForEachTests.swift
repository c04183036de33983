import Clocks
import Composable
import StoreTestSupport
import Testing

/// A list of tickers; a row can ask to be removed.
struct TickerList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Ticker.State> = [Ticker.State(id: 1), Ticker.State(id: 2)]
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Ticker>)
    case remove(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .remove(id) = action {
        state.rows.remove(id: id)
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Ticker() }
  }
}

/// Removes a row when the row itself says so: the case `forEach` can see.
struct SelfRemovingList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Ticker.State> = [Ticker.State(id: 1)]
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .rows(.element(id, .tick)) = action {
        state.rows.remove(id: id)
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Ticker() }
  }
}

@MainActor
struct ForEachTests {
  @Test func anElementActionChangesOnlyThatElement() async {
    let clock = WatchedClock()
    let store = TestStore(initialState: TickerList.State()) {
      TickerList()
    } withDependencies: {
      $0.continuousClock = clock
    }

    let ticking = await store.send(.rows(.element(id: 2, action: .start)))
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 1
    }
    await ticking.cancel()
  }

  @Test func anActionForAMissingElementIsReportedNotCrashed() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: TickerList.State()) { TickerList() }
      await store.send(.rows(.element(id: 99, action: .tick)))
    } matching: { issue in
      issue.description.contains("an element that is not in the collection")
        && issue.description.contains("99")
    }
  }

  @Test func removingAnElementByItsOwnActionCancelsItsEffects() async {
    let clock = WatchedClock()
    let store = TestStore(initialState: SelfRemovingList.State()) {
      SelfRemovingList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    // The first tick removes the row; its timer must stop, or `finish` would time out and the
    // next second would send a tick to a missing row.
    await store.receive(.rows(.element(id: 1, action: .tick))) {
      $0.rows = []
    }
    await store.finish()
    await clock.advance(by: .seconds(5))
  }

  @Test func aRowActionAddressedByIdIsFoundInALargeList() async {
    var rows = IdentifiedArrayOf<Ticker.State>()
    for id in 1...10_000 { rows.append(Ticker.State(id: id)) }
    let store = Store(initialState: TickerList.State(rows: rows)) { TickerList() }
    store.send(.rows(.element(id: 7_777, action: .tick)))
    #expect(store.state.rows[id: 7_777]?.ticks == 1)
    #expect(store.state.rows.filter { $0.ticks > 0 }.count == 1)
  }
}
