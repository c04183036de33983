import Composable

// The guide's optional state (Docs/LearnTCA.md, "Optional state"): a counter that exists only
// while it is being edited.

@Reducer
struct CounterEditor {
  @ObservableState
  struct State: Equatable {
    var editor: CounterFeature.State?
    var saved = 0
  }

  enum Action: Equatable {
    case editor(CounterFeature.Action)
    case editTapped
    case doneTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editTapped:
        state.editor = CounterFeature.State(count: state.saved)
        return .none

      case .doneTapped:
        state.saved = state.editor?.count ?? state.saved
        state.editor = nil
        return .none

      case .editor:
        return .none
      }
    }
    .ifLet(\.editor, action: \.editor) {
      CounterFeature()
    }
  }
}
