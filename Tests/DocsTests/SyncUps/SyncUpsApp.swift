import Composable
import Foundation

/// The app: the list at the bottom of a navigation stack, and the screens drilled into above it.
@Reducer
struct SyncUpsApp {
  @Reducer
  enum Path {
    case detail(SyncUpDetail)
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    var syncUpsList = SyncUpsList.State()
  }

  enum Action: Equatable {
    case path(StackActionOf<Path>)
    case syncUpsList(SyncUpsList.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.syncUpsList, action: \.syncUpsList) {
      SyncUpsList()
    }
    Reduce { state, action in
      switch action {
      case let .syncUpsList(.syncUpTapped(id)):
        guard let syncUp = Shared(state.syncUpsList.$syncUps[id: id]) else { return .none }
        state.path.append(.detail(SyncUpDetail.State(syncUp: syncUp)))
        return .none
      case .path:
        return .none
      case .syncUpsList:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension SyncUpsApp.Path.State: Equatable {}
extension SyncUpsApp.Path.Action: Equatable {}
