import Boundaries
import Foundation

// The reducers of the stack and shared-state scenarios: a drill-down that pushes and pops one
// screen per action, and a counter kept in a shared value, in memory or in a file.

/// Each `true` pushes a stepper screen, each `false` pops the top one.
@Reducer
struct DrillDownBenchmark {
  @Reducer
  enum Path {
    case stepper(StepperFeature)
  }

  struct State {
    var path = StackState<Path.State>()
  }

  enum Action {
    case pushTapped
    case popTapped
    case path(StackActionOf<Path>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .pushTapped:
        state.path.append(.stepper(StepperFeature.State()))
      case .popTapped:
        _ = state.path.popLast()
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: \.path)
  }
}

/// A counter whose count is shared: each action is one `withLock` write.
@Reducer
struct SharedCounterBenchmark {
  struct State {
    @Shared var count: Int
  }

  enum Action {
    case incrementTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}
