import Boundaries
import Testing

/// In a feature whose actions keep to three kinds, a person edits the form: the view's actions
/// are the bindable ones, and `BindingReducer(action: \.view)` applies them.
@Reducer
struct AddressForm {
  @ObservableState
  struct State: Equatable {
    var city = ""
    var postalCode = ""
  }

  enum Action: TCAFeatureAction, Equatable {
    enum ViewAction: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case doneTapped
    }
    enum DelegateAction: Equatable { case finished(city: String) }

    case view(ViewAction)
    case _internal(Never)
    case delegate(DelegateAction)
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.postalCode)):
        state.postalCode = String(state.postalCode.filter(\.isNumber).prefix(5))
        return .none
      case .view(.doneTapped):
        return .send(.delegate(.finished(city: state.city)))
      default:
        return .none
      }
    }
  }
}

@MainActor
struct BoundedBindingTests {
  @Test func theViewsBindingsAreAppliedAndReactedTo() async {
    let store = TestStore(initialState: AddressForm.State()) { AddressForm() }
    await store.send(.view(.binding(.set(\.city, "Seoul")))) { $0.city = "Seoul" }
    await store.send(.view(.binding(.set(\.postalCode, "04-524x99")))) { $0.postalCode = "04524" }
    await store.send(.view(.doneTapped))
    await store.receive(.delegate(.finished(city: "Seoul")))
  }
}
