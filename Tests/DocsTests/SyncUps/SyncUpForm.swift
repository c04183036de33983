import Composable
import Foundation

/// Edits a sync-up's title and attendees: the sheet the list adds with and the detail edits with.
@Reducer
struct SyncUpForm {
  @ObservableState
  struct State: Equatable {
    var syncUp: SyncUp
  }

  enum Action: Equatable {
    case addAttendeeButtonTapped
    case attendeeNameChanged(id: Attendee.ID, name: String)
    case titleChanged(String)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addAttendeeButtonTapped:
        state.syncUp.attendees.append(Attendee(id: uuid()))
        return .none
      case let .attendeeNameChanged(id, name):
        state.syncUp.attendees[id: id]?.name = name
        return .none
      case let .titleChanged(title):
        state.syncUp.title = title
        return .none
      }
    }
  }
}
