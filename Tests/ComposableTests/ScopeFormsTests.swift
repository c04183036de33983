import Composable
import Testing

/// Counts every action it sees, whatever its domain: for checking which actions a form passes on.
struct EveryActionTally<Action>: Reducer {
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .none
  }
}

/// A parent whose counter is reached through the unlabelled `Scope(\.counter, action:)`.
@Reducer
struct UnlabelledScopeParent {
  struct State: Equatable {
    var counter = Counter.State()
    var seen = 0
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case other
  }

  var body: some ReducerOf<Self> {
    Scope(\.counter, action: \.counter) { Counter() }
    Scope(\.seen, action: \.self) { EveryActionTally<Action>() }
  }
}

/// State whose optional view of itself lets `ifLet` run on the whole state.
@Reducer
struct SelfScopedFeature {
  struct State: Equatable {
    var taps = 0
    var optionalSelf: Self? {
      get { self }
      set { newValue.map { self = $0 } }
    }
  }

  enum Action: Equatable, Sendable {
    case tap
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.self, action: \.self) {
      EmptyReducer()
        .ifLet(\.optionalSelf, action: \.self) {
          Reduce { state, _ in
            state.taps += 1
            return .none
          }
        }
    }
  }
}

/// An enum state whose one case takes every action as it is.
@Reducer
struct CaseSelfFeature {
  enum State: Equatable {
    case counting(Int)
    case idle
  }

  enum Action: Equatable, Sendable {
    case bump
  }

  var body: some ReducerOf<Self> {
    EmptyReducer().ifCaseLet(\.counting, action: \.self) {
      Reduce { count, _ in
        count += 1
        return .none
      }
    }
  }
}

@MainActor
struct ScopeFormsTests {
  @Test func anUnlabelledScopeRunsItsChildOnlyForTheChildsActions() async {
    let store = TestStore(initialState: UnlabelledScopeParent.State()) { UnlabelledScopeParent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.seen = 1
    }
    await store.send(.other) { $0.seen = 2 }
  }

  @Test func scopeAndIfLetWithSelfPassEveryActionThrough() async {
    let store = TestStore(initialState: SelfScopedFeature.State()) { SelfScopedFeature() }
    await store.send(.tap) { $0.taps = 1 }
    await store.send(.tap) { $0.taps = 2 }
  }

  @Test func ifCaseLetWithSelfRunsOnlyInItsCase() async {
    let store = TestStore(initialState: CaseSelfFeature.State.counting(0)) { CaseSelfFeature() }
    await store.send(.bump) { $0 = .counting(1) }

    let idle = TestStore(initialState: CaseSelfFeature.State.idle) { CaseSelfFeature() }
    await withKnownIssue {
      await idle.send(.bump)
    } matching: { issue in
      issue.description.contains("received a child action while the state was in another case")
    }
  }

  @Test func ifLetWithSelfOnAnyActionTypeReportsANilChild() async {
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>().ifLet(\.self, action: \.self) {}
    }
    await withKnownIssue {
      await store.send(())
    } matching: { issue in
      issue.description.contains("received a child action while the child state was nil")
    }
  }

  @Test func theReducerBuilderTakesAReducerKnownOnlyAsAnExistential() async {
    let chosen: any Reducer<Int, Bool> = Reduce<Int, Bool> { state, _ in
      state += 10
      return .none
    }
    let store = TestStore(initialState: 0) {
      CombineReducers {
        Reduce<Int, Bool> { state, _ in state += 1; return .none }
        chosen
      }
    }
    await store.send(true) { $0 = 11 }
  }
}
