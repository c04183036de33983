import Composable
import Foundation
import Testing

/// Reads the time in the reducer and again in an effect.
@Reducer
struct Timestamp {
  @Dependency(\.date.now) var now

  enum Action: Equatable, Sendable {
    case stamp
    case stampLater
    case stamped(Double)
  }

  var body: some Reducer<Double, Action> {
    Reduce { state, action in
      switch action {
      case .stamp:
        state = now.timeIntervalSince1970
        return .none
      case .stampLater:
        return .run { send in
          @Dependency(\.date.now) var now
          await send(.stamped(now.timeIntervalSince1970))
        }
      case let .stamped(time):
        state = time
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreDependenciesTests {
  @Test func dependenciesChangedMidTestReachTheReducerAndNewEffects() async {
    let store = TestStore(initialState: 0) { Timestamp() } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    await store.send(.stamp) { $0 = 1 }
    store.dependencies.date.now = Date(timeIntervalSince1970: 2)
    await store.send(.stamp) { $0 = 2 }
    await store.send(.stampLater)
    await store.receive(.stamped(2))
    store.dependencies.date.now = Date(timeIntervalSince1970: 3)
    await store.send(.stampLater)
    await store.receive(.stamped(3)) { $0 = 3 }
  }
}
