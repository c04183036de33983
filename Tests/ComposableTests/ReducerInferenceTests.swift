import Composable
import Testing

/// A feature whose domain is only in its body's type: `@Reducer` adds no `State` or `Action`,
/// and Swift infers them as `Int` and `Bool`.
@Reducer
struct Switchboard {
  var body: some Reducer<Int, Bool> {
    Reduce { count, isUp in
      count += isUp ? 1 : -1
      return .none
    }
  }

  /// A nested feature whose body names the outer feature's domain.
  @Reducer
  struct Mirror {
    var body: some Reducer<Outer.State, Outer.Action> {
      Outer()
    }
  }
}

/// A feature whose body is stored: the stored reducer's type gives the domain.
@Reducer
struct StoredBody {
  let body = Reduce<Int, Bool> { count, _ in
    count += 1
    return .none
  }
}

/// A feature with its own `State` and `Action`, for a nested feature to borrow.
@Reducer
struct Outer {
  struct State: Equatable {
    var seen = 0
  }

  enum Action: Equatable, Sendable {
    case ping
  }

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.seen += 1
      return .none
    }
  }

  /// Nested and body-typed by the enclosing feature's `State` and `Action`, as TCA's own tests
  /// write it: no empty domain of its own may shadow them.
  @Reducer
  struct Echo {
    var body: some Reducer<State, Action> {
      Outer()
    }
  }
}

@MainActor
struct ReducerInferenceTests {
  @Test func aFeatureTakesItsDomainFromItsBodysType() async {
    #expect(Switchboard.State.self == Int.self)
    #expect(Switchboard.Action.self == Bool.self)
    let store = TestStore(initialState: 0) { Switchboard() }
    await store.send(true) { $0 = 1 }
    await store.send(false) { $0 = 0 }
  }

  @Test func aStoredBodyGivesTheDomainAndIsNotRebuilt() async {
    #expect(StoredBody.State.self == Int.self)
    let store = TestStore(initialState: 0) { StoredBody() }
    await store.send(true) { $0 = 1 }
  }

  @Test func aNestedFeatureBorrowsTheDomainItsBodyNames() async {
    #expect(Outer.Echo.State.self == Outer.State.self)
    #expect(Switchboard.Mirror.Action.self == Outer.Action.self)
    let store = TestStore(initialState: Outer.State()) { Outer.Echo() }
    await store.send(.ping) { $0.seen = 1 }
  }
}
