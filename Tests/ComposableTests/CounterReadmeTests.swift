import Composable
import Testing

// The original app's README teaches with a counter ("Hello World Example") and tests it with a
// TestStore ("Testing Basics"). This is that example, ported to the core.

struct CounterDomain: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increaseCounter
    case decreaseCounter
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increaseCounter:
      state.count += 1
      return .none
    case .decreaseCounter:
      state.count -= 1
      return .none
    }
  }
}

@MainActor
struct CounterReadmeTests {
  @Test func happyPath() async {
    let store = TestStore(initialState: CounterDomain.State()) {
      CounterDomain()
    }

    await store.send(.increaseCounter) {
      $0.count = 1
    }
    await store.send(.decreaseCounter) {
      $0.count = 0
    }
  }

  @Test func aStoreReducesTheSameWay() {
    let store = Store(initialState: CounterDomain.State()) {
      CounterDomain()
    }
    store.send(.increaseCounter)
    store.send(.increaseCounter)
    store.send(.decreaseCounter)
    #expect(store.state.count == 1)
  }
}
