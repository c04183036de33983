import Composable
import Foundation

/// Every sync-up, kept in a file and shared with the screens that show one of them.
@Reducer
struct SyncUpsList {
  @ObservableState
  struct State: Equatable {
    @Presents var addSyncUp: SyncUpForm.State?
    @Shared(.syncUps) var syncUps
  }

  enum Action: Equatable {
    case addSyncUpButtonTapped
    case addSyncUp(PresentationAction<SyncUpForm.Action>)
    case confirmAddButtonTapped
    case discardButtonTapped
    case syncUpTapped(id: SyncUp.ID)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addSyncUpButtonTapped:
        state.addSyncUp = SyncUpForm.State(syncUp: SyncUp(id: uuid()))
        return .none
      case .addSyncUp:
        return .none
      case .confirmAddButtonTapped:
        guard let newSyncUp = state.addSyncUp?.syncUp else { return .none }
        state.addSyncUp = nil
        state.$syncUps.withLock { _ = $0.append(newSyncUp) }
        return .none
      case .discardButtonTapped:
        state.addSyncUp = nil
        return .none
      case .syncUpTapped:
        return .none
      }
    }
    .ifLet(\.$addSyncUp, action: \.addSyncUp) {
      SyncUpForm()
    }
  }
}
