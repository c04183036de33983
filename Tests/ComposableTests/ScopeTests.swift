import Composable
import Testing

/// A feature whose state is one of two cases, each with its own child.
struct Session: Reducer {
  @CasePathable
  enum State: Equatable {
    case signedOut(Counter.State)
    case signedIn(Counter.State)
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case signedOut(Counter.Action)
    case signedIn(Counter.Action)
    case signIn
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.signedOut, action: \.signedOut) { Counter() }
    Scope(state: \.signedIn, action: \.signedIn) { Counter() }
    Reduce { state, action in
      if case .signIn = action { state = .signedIn(Counter.State()) }
      return .none
    }
  }
}

@MainActor
struct ScopeTests {
  @Test func scopesToACaseOfEnumState() async {
    let store = TestStore(initialState: Session.State.signedOut(Counter.State())) { Session() }
    await store.send(.signedOut(.increment)) { $0 = .signedOut(Counter.State(count: 1)) }
    await store.send(.signIn) { $0 = .signedIn(Counter.State()) }
    await store.send(.signedIn(.decrement)) { $0 = .signedIn(Counter.State(count: -1)) }
  }

  @Test func anActionForAnotherCaseIsReported() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: Session.State.signedOut(Counter.State())) { Session() }
      await store.send(.signedIn(.increment))
    } matching: { issue in
      issue.description.contains("received a child action while the state was in another case")
    }
  }

  @Test func combineReducersRunsItsReducersInOrder() async {
    struct Doubling: Reducer {
      var body: some Reducer<Int, Bool> {
        CombineReducers {
          Reduce<Int, Bool> { state, _ in
            state += 1
            return .none
          }
          Reduce<Int, Bool> { state, _ in
            state *= 2
            return .none
          }
        }
        EmptyReducer()
      }
    }
    let store = TestStore(initialState: 1) { Doubling() }
    // (1 + 1) × 2, not 1 × 2 + 1.
    await store.send(true) { $0 = 4 }
  }
}
