import Boundaries

// The reducers the benchmark drives: a counter, and a four-level hierarchy
// root → list (forEach over N rows) → row → stepper, written the way the shop's features are.

/// The leaf: a stepper with view actions only.
struct StepperFeature: BoundingReducer {
  struct State: Equatable {
    var count = 0
  }

  typealias Action = FeatureAction<ViewAction, Never, Never>

  enum ViewAction: Equatable, Sendable {
    case plusTapped
    case minusTapped
  }

  func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    switch action {
    case .plusTapped: state.count += 1
    case .minusTapped: state.count = max(0, state.count - 1)
    }
    return .none
  }
}

/// A row: a title and its stepper, kept under `_internal`.
struct RowFeature: ComposedBoundingReducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var stepper = StepperFeature.State()
  }

  typealias Action = FeatureAction<Never, InternalAction, Never>

  @CasePathable
  enum InternalAction: Equatable, Sendable {
    case stepper(StepperFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.stepper, action: \.stepper) { StepperFeature() }
    coreReducer
  }
}

/// The list: N rows and a running total the parent keeps up to date.
struct ListFeature: ComposedBoundingReducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<RowFeature.State> = []
    var totalQuantity = 0
  }

  typealias Action = FeatureAction<Never, InternalAction, Never>

  @CasePathable
  enum InternalAction: Equatable, Sendable {
    case rows(IdentifiedActionOf<RowFeature>)
  }

  var body: some ReducerOf<Self> {
    coreReducer
      .forEach(\.rows, action: \.rows) { RowFeature() }
  }

  func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    switch action {
    case .rows(.element(_, ._internal(.stepper(.view(.plusTapped))))):
      state.totalQuantity += 1
    case .rows:
      break
    }
    return .none
  }
}

/// The root: the list, under `_internal`.
struct RootFeature: ComposedBoundingReducer {
  struct State: Equatable {
    var list = ListFeature.State()
  }

  typealias Action = FeatureAction<Never, InternalAction, Never>

  @CasePathable
  enum InternalAction: Equatable, Sendable {
    case list(ListFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { ListFeature() }
    coreReducer
  }

  /// The action a user's "+" on row `id` becomes by the time it reaches the root.
  static func plus(row id: Int) -> Action {
    ._internal(.list(._internal(.rows(.element(id: id, action: ._internal(.stepper(.view(.plusTapped))))))))
  }
}

/// The README's counter, as a plain reducer.
struct PlainCounter: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += action ? 1 : -1
    return .none
  }
}

/// The stepper in the seeds' spelling: `@Reducer` and an action enum of its own with the three
/// cases, whose `kind` the macro writes as a `switch`.
@Reducer
struct SeedStepper: BoundingReducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: TCAFeatureAction {
    enum ViewAction: Equatable {
      case plusTapped
      case minusTapped
    }

    enum InternalAction: Equatable {}
    enum DelegateAction: Equatable {}

    case view(ViewAction)
    case delegate(DelegateAction)
    case _internal(InternalAction)
  }

  func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .plusTapped: state.count += 1
    case .minusTapped: state.count = max(0, state.count - 1)
    }
    return .none
  }
}

/// The stepper with an action enum that is nothing but its three cases, as the tca-boundaries
/// README writes `ExampleAction`: every action's kind is read from its case through `Mirror`.
struct MirroredStepper: BoundingReducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: TCAFeatureAction {
    enum ViewAction: Equatable {
      case plusTapped
      case minusTapped
    }

    enum InternalAction: Equatable {}
    enum DelegateAction: Equatable {}

    case view(ViewAction)
    case delegate(DelegateAction)
    case _internal(InternalAction)
  }

  func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .plusTapped: state.count += 1
    case .minusTapped: state.count = max(0, state.count - 1)
    }
    return .none
  }
}
