import Composable
import Foundation

/// Two screens of one count: both declare it by the same in-memory key.
@Reducer
struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var taps = 0
  }

  enum Action: Equatable {
    case incrementTapped
    case incrementLaterTapped
    case tapOnly
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLaterTapped:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 10 }
          await send(.tapOnly)
        }
      case .tapOnly:
        state.taps += 1
        return .none
      }
    }
  }
}

/// A shopper's preferences, as a file would keep them.
struct Preferences: Codable, Equatable, Sendable {
  var theme = "dark"
  var language = "en"
}

extension URL {
  static let preferences = URL(fileURLWithPath: "/preferences/onlinestore.json")
}
