import Composable

/// A screen of a drill-down that can open the next one, close itself, or start a ticker.
@Reducer
struct Page {
  @ObservableState
  struct State: Equatable {
    var title: String
    var ticks = 0
  }

  enum Action: Equatable {
    case closeTapped
    case openNextTapped
    case startTicking
    case stopTicking
    case tick
    case delegate(Delegate)

    enum Delegate: Equatable {
      case openNext(title: String)
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeTapped:
        return .run { _ in await self.dismiss() }
      case .openNextTapped:
        return .send(.delegate(.openNext(title: state.title + ">")))
      case .startTicking:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: "ticking")
      case .stopTicking:
        return .cancel(id: "ticking")
      case .tick:
        state.ticks += 1
        return .none
      case .delegate:
        return .none
      }
    }
  }
}

/// What a drill-down can push: a page, or a counter.
@Reducer
enum DrillPath {
  case page(Page)
  case counter(ClosingCounter)
}

extension DrillPath.State: Equatable {}
extension DrillPath.Action: Equatable {}

/// The root of a drill-down: a stack of pages and counters.
@Reducer
struct DrillDown {
  @ObservableState
  struct State: Equatable {
    var path = StackState<DrillPath.State>()
    var popsSeen = 0
  }

  enum Action: Equatable {
    case path(StackActionOf<DrillPath>)
    case openPage(String)
    case backToRootTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .openPage(title):
        state.path.append(.page(Page.State(title: title)))
        return .none
      case let .path(.element(_, .page(.delegate(.openNext(title))))):
        state.path.append(.page(Page.State(title: title)))
        return .none
      case .path(.popFrom):
        state.popsSeen += 1
        return .none
      case .backToRootTapped:
        state.path.removeAll()
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}
