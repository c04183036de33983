import Composable
import Testing

/// `if` without `else` and `for` inside a body, as the Composable Architecture's builder takes
/// them; both are decided when the body is resolved.
@Reducer
struct Tally {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable {
    case tap
  }

  var verbose: Bool
  var steps: [String]

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.log.append("core")
      return .none
    }
    if verbose {
      Reduce { state, _ in
        state.log.append("verbose")
        return .none
      }
    }
    for step in steps {
      Reduce { state, _ in
        state.log.append(step)
        return .none
      }
    }
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func ifWithoutElseAndForLoopsBuildTheBody() async {
    let quiet = TestStore(initialState: Tally.State()) { Tally(verbose: false, steps: []) }
    await quiet.send(.tap) { $0.log = ["core"] }

    let loud = TestStore(initialState: Tally.State()) { Tally(verbose: true, steps: ["one", "two"]) }
    await loud.send(.tap) { $0.log = ["core", "verbose", "one", "two"] }
  }

  @Test func aTestStoreInfersItsStateFromTheReducer() async {
    let store = TestStore(initialState: .init()) { Tally(verbose: false, steps: ["x"]) }
    await store.send(.tap) { $0.log = ["core", "x"] }
  }
}
