import Boundaries
import Testing

/// A stepper that reports reaching its limit to its parent through a delegate action.
struct Stepper: BoundingReducer {
  struct State: Equatable {
    var count = 0
    var limit = 2
    var log: [String] = []
  }

  typealias Action = FeatureAction<ViewAction, InternalAction, DelegateAction>

  enum ViewAction: Equatable, Sendable {
    case plusTapped
  }

  enum InternalAction: Equatable, Sendable {
    case reset
  }

  enum DelegateAction: Equatable, Sendable {
    case reachedLimit
  }

  func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    state.log.append("view")
    state.count += 1
    return state.count == state.limit ? .send(.delegate(.reachedLimit)) : .none
  }

  func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    state.log.append("internal")
    state.count = 0
    return .none
  }

  func reduce(into state: inout State, delegateAction action: DelegateAction) -> Effect<Action> {
    state.log.append("delegate")
    return .none
  }
}

/// A parent that keeps the stepper under `_internal` and resets it when told the limit is hit.
struct Panel: ComposedBoundingReducer {
  struct State: Equatable {
    var stepper = Stepper.State()
    var limitsReached = 0
  }

  typealias Action = FeatureAction<ViewAction, InternalAction, DelegateAction>

  enum ViewAction: Equatable, Sendable {
    case resetTapped
  }

  @CasePathable
  enum InternalAction: Equatable, Sendable {
    case stepper(Stepper.Action)
  }

  enum DelegateAction: Equatable, Sendable {}

  var body: some ReducerOf<Self> {
    Scope(state: \.stepper, action: \.stepper) { Stepper() }
    coreReducer
  }

  func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    .send(._internal(.stepper(._internal(.reset))))
  }

  func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    switch action {
    case .stepper(.delegate(.reachedLimit)):
      state.limitsReached += 1
      return .none
    case .stepper:
      return .none
    }
  }
}

/// An action enum of one's own, conforming to the protocol instead of using `FeatureAction`.
@CasePathable
enum OwnAction: TCAFeatureAction, Equatable, Sendable {
  case view(String)
  case _internal(Int)
  case delegate(Bool)

  var kind: FeatureAction<String, Int, Bool> {
    switch self {
    case let .view(action): .view(action)
    case let ._internal(action): ._internal(action)
    case let .delegate(action): .delegate(action)
    }
  }
}

struct OwnActionFeature: BoundingReducer {
  typealias State = [String]
  typealias Action = OwnAction

  func reduce(into state: inout [String], viewAction action: String) -> Effect<Action> {
    state.append("view \(action)")
    return .none
  }

  func reduce(into state: inout [String], internalAction action: Int) -> Effect<Action> {
    state.append("internal \(action)")
    return .none
  }
}

@MainActor
struct BoundariesTests {
  @Test func eachKindReachesItsOwnReduceFunction() async {
    let store = TestStore(initialState: Stepper.State(limit: 10)) { Stepper() }
    await store.send(.view(.plusTapped)) {
      $0.count = 1
      $0.log = ["view"]
    }
    await store.send(._internal(.reset)) {
      $0.count = 0
      $0.log = ["view", "internal"]
    }
    await store.send(.delegate(.reachedLimit)) {
      $0.log = ["view", "internal", "delegate"]
    }
  }

  @Test func aChildTellsItsParentThroughADelegateAction() async {
    let store = TestStore(initialState: Panel.State()) { Panel() }
    await store.send(._internal(.stepper(.view(.plusTapped)))) {
      $0.stepper.count = 1
      $0.stepper.log = ["view"]
    }
    await store.send(._internal(.stepper(.view(.plusTapped)))) {
      $0.stepper.count = 2
      $0.stepper.log = ["view", "view"]
    }
    await store.receive(._internal(.stepper(.delegate(.reachedLimit)))) {
      $0.stepper.log = ["view", "view", "delegate"]
      $0.limitsReached = 1
    }
    await store.send(.view(.resetTapped))
    await store.receive(\._internal.stepper) {
      $0.stepper.count = 0
      $0.stepper.log = ["view", "view", "delegate", "internal"]
    }
  }

  @Test func aViewOnlyStoreSendsViewActions() {
    let store = Store(initialState: Panel.State()) { Panel() }
    let stepperStore: ViewOnlyStoreOf<Stepper> = store.scope(state: \.stepper, action: \.stepper)
      .viewScope
    stepperStore.send(.plusTapped)
    stepperStore.send(.plusTapped)
    // The screen sent `plusTapped`; it arrived as the stepper's view action, under the panel's
    // `_internal`, and the stepper's delegate answer reached the panel.
    #expect(store.state.stepper.log == ["view", "view", "delegate"])
    #expect(store.state.limitsReached == 1)
    #expect(stepperStore.state.count == 2)

    let panelScreen: ViewOnlyStoreOf<Panel> = store.viewScope
    panelScreen.send(.resetTapped)
    #expect(store.state.stepper.count == 0)
  }

  @Test func anActionEnumOfOnesOwnIsDispatchedByKind() async {
    let store = TestStore(initialState: [String]()) { OwnActionFeature() }
    await store.send(.view("tap")) { $0 = ["view tap"] }
    await store.send(._internal(7)) { $0 = ["view tap", "internal 7"] }
    await store.send(.delegate(true))
  }
}
