import Boundaries
import Testing

// The tca-boundaries README's examples, spelled as the README spells them: a plain action enum
// with the three cases — with the one attribute it needs, as it needs `@CasePathable` under TCA
// (the seed protocol's own documentation asks for it) — and
// `@Reducer struct CounterFeature: BoundingReducer`.

enum LoginError: Error, Equatable {
  case wrongPassword
}

@BoundedAction
enum ExampleAction: TCAFeatureAction {
  enum ViewAction: Equatable {
    case onTapLoginButton
  }

  enum DelegateAction: Equatable {
    case notifyLoginSuccess
  }

  enum InternalAction: Equatable {
    case loginResult(Result<String, LoginError>)
  }

  case view(ViewAction)
  case delegate(DelegateAction)
  case _internal(InternalAction)
}

@Reducer
struct CounterFeature: BoundingReducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: TCAFeatureAction {
    enum ViewAction: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
    }

    enum DelegateAction: Equatable {
      case finished
    }

    enum InternalAction: Equatable {
      case timerUpdated
    }

    case view(ViewAction)
    case delegate(DelegateAction)
    case _internal(InternalAction)
  }

  func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none

    case .incrementButtonTapped:
      state.count += 1
      return state.count == 3 ? .send(.delegate(.finished)) : .none
    }
  }
}

// The seed's `TCAFeatureAction` demands `Equatable`; ours leaves it to the feature, so the
// parent below, which keeps the counter's actions in its own, says it here.
extension CounterFeature.Action: Equatable {}

/// The README's "child flow on parent, with boundaries": the child's actions live under the
/// parent's `_internal`, and the parent reaches them as `\.child`.
@Reducer
struct ParentFeature: ComposedBoundingReducer {
  struct State: Equatable {
    var child = CounterFeature.State()
    var finishedCount = 0
  }

  enum Action: TCAFeatureAction, Equatable {
    enum ViewAction: Equatable {
      case resetTapped
    }

    enum DelegateAction: Equatable {}

    enum InternalAction: Equatable {
      case child(CounterFeature.Action)
    }

    case view(ViewAction)
    case delegate(DelegateAction)
    case _internal(InternalAction)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      CounterFeature()
    }
    coreReducer
  }

  func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    state.child.count = 0
    return .none
  }

  func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    if case .child(.delegate(.finished)) = action { state.finishedCount += 1 }
    return .none
  }
}

@MainActor
struct SeedSpellingTests {
  @Test func anEnumOfTheThreeCasesTakesItsKindFromBoundedAction() {
    #expect(ExampleAction.view(.onTapLoginButton).kind == .view(.onTapLoginButton))
    #expect(ExampleAction.delegate(.notifyLoginSuccess).kind == .delegate(.notifyLoginSuccess))
    #expect(ExampleAction._internal(.loginResult(.success("ada"))).kind == ._internal(.loginResult(.success("ada"))))
    #expect(ExampleAction._internal(.loginResult(.failure(.wrongPassword))).kind == ._internal(.loginResult(.failure(.wrongPassword))))
  }

  @Test func theReadmeCounterCountsAndTellsItsParent() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 1 }
    await store.send(.view(.decrementButtonTapped)) { $0.count = 0 }
    // `@Reducer` wrote `kind` as a switch; it agrees with the case the action holds.
    #expect(CounterFeature.Action._internal(.timerUpdated).kind == ._internal(.timerUpdated))
    #expect(CounterFeature.Action.delegate(.finished).kind == .delegate(.finished))
  }

  @Test func aChildUnderInternalIsReachedAsDotChild() async {
    let store = TestStore(initialState: ParentFeature.State()) { ParentFeature() }
    await store.send(._internal(.child(.view(.incrementButtonTapped)))) { $0.child.count = 1 }
    await store.send(._internal(.child(.view(.incrementButtonTapped)))) { $0.child.count = 2 }
    await store.send(._internal(.child(.view(.incrementButtonTapped)))) { $0.child.count = 3 }
    await store.receive(._internal(.child(.delegate(.finished)))) { $0.finishedCount = 1 }
    await store.send(.view(.resetTapped)) { $0.child.count = 0 }
    // The case key paths the macros made: `\.view`, and `\._internal.child` through it.
    let increment = ParentFeature.Action._internal(.child(.view(.incrementButtonTapped)))
    #expect(increment[case: \._internal.child.view] == .incrementButtonTapped)
    #expect(increment[case: \.view] == nil)
  }
}
