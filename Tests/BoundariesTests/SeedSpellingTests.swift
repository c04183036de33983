import Boundaries
import Testing

// The tca-boundaries README's examples, spelled exactly as the README spells them: a plain
// action enum with the three cases and nothing else, and `@Reducer struct CounterFeature:
// BoundingReducer`. (The README's `Result` lost its generic arguments on the way into the seed
// file; `Result<String, LoginError>` is what it stands for.)

enum LoginError: Error, Equatable {
  case wrongPassword
}

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

/// The same enum with the attribute that writes its `kind` as a `switch`: the fast path.
@BoundedAction
enum BoundedExampleAction: TCAFeatureAction {
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

/// The bounded counter as a tca-boundaries user writes it without `@Reducer`: a
/// `BoundingReducer` whose `Action` is `@CasePathable` (as TCA's case key paths want it), with
/// nothing written for its kind.
struct PlainCounterFeature: BoundingReducer {
  struct State: Equatable {
    var count = 0
  }

  @CasePathable
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

extension PlainCounterFeature.Action: Equatable {}

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
      return .none
    }
  }
}

// The seed's `TCAFeatureAction` demands `Equatable`; ours leaves it to the feature, which says
// it where it needs it.
extension CounterFeature.Action: Equatable {}

// The README's parent, below, keeps a child that tells it when it has counted to three: the
// counter written without the macro, above.

/// The README's "child flow on parent, with boundaries": the child's actions live under the
/// parent's `_internal`, and the parent reaches them as `\.child`.
@Reducer
struct ParentFeature: ComposedBoundingReducer {
  struct State: Equatable {
    var child = PlainCounterFeature.State()
    var finishedCount = 0
  }

  enum Action: TCAFeatureAction, Equatable {
    enum ViewAction: Equatable {
      case resetTapped
    }

    enum DelegateAction: Equatable {}

    enum InternalAction: Equatable {
      case child(PlainCounterFeature.Action)
    }

    case view(ViewAction)
    case delegate(DelegateAction)
    case _internal(InternalAction)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      PlainCounterFeature()
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
  /// The README's enum, as written: its kind read from its case.
  @Test func anEnumOfTheThreeCasesAsWrittenHasItsKind() {
    #expect(ExampleAction.view(.onTapLoginButton).kind == .view(.onTapLoginButton))
    #expect(ExampleAction.delegate(.notifyLoginSuccess).kind == .delegate(.notifyLoginSuccess))
    #expect(ExampleAction._internal(.loginResult(.success("ada"))).kind == ._internal(.loginResult(.success("ada"))))
    #expect(ExampleAction._internal(.loginResult(.failure(.wrongPassword))).kind == ._internal(.loginResult(.failure(.wrongPassword))))
  }

  /// `@BoundedAction` writes the same answers as a `switch`.
  @Test func boundedActionWritesTheSameKinds() {
    #expect(BoundedExampleAction.view(.onTapLoginButton).kind == .view(.onTapLoginButton))
    #expect(BoundedExampleAction.delegate(.notifyLoginSuccess).kind == .delegate(.notifyLoginSuccess))
    #expect(BoundedExampleAction._internal(.loginResult(.failure(.wrongPassword))).kind == ._internal(.loginResult(.failure(.wrongPassword))))
  }

  /// A `BoundingReducer` without `@Reducer`, its `@CasePathable` action's kind read from its
  /// case, counts and tells its parent through a store like any feature.
  @Test func aCounterWithoutTheReducerMacroCountsAndTellsItsParent() async {
    let store = TestStore(initialState: PlainCounterFeature.State()) { PlainCounterFeature() }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 1 }
    await store.send(.view(.decrementButtonTapped)) { $0.count = 0 }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 1 }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 2 }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 3 }
    await store.receive(.delegate(.finished))
    #expect(PlainCounterFeature.Action._internal(.timerUpdated).kind == ._internal(.timerUpdated))
    // Its case key paths are @CasePathable's.
    #expect(PlainCounterFeature.Action.view(.incrementButtonTapped)[case: \.view] == .incrementButtonTapped)
  }

  @Test func theReadmeCounterCounts() async {
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
