import Clocks
import Composable
import Testing

/// Child-before-parent order: a parent that records what it saw of the child's state after the
/// child's action must see the child's change.
struct OrderingParent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Counter.State> = [Counter.State(id: 1)]
    var optional: Counter.State? = Counter.State()
    var seen: [Int] = []
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case rows(IdentifiedActionOf<Counter>)
    case optional(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case .counter:
        state.seen.append(state.counter.count)
      case let .rows(.element(id, _)):
        state.seen.append(state.rows[id: id]!.count)
      case .optional:
        state.seen.append(state.optional!.count)
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Counter() }
    .ifLet(\.optional, action: \.optional) { Counter() }
  }
}

@MainActor
struct SchedulingTests {
  @Test func childrenRunBeforeTheirParent() async {
    let store = TestStore(initialState: OrderingParent.State()) { OrderingParent() }

    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.seen = [1]
    }
    await store.send(.rows(.element(id: 1, action: .increment))) {
      $0.rows[id: 1]?.count = 1
      $0.seen = [1, 1]
    }
    await store.send(.optional(.decrement)) {
      $0.optional?.count = -1
      $0.seen = [1, 1, -1]
    }
  }
}
