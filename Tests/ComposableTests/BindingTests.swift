import Composable
import Testing

/// A form feature written as TCA users write one: one `binding` case for every field, applied by
/// `BindingReducer`, reacted to by property, and tested with `.binding(.set(\.field, value))`.
@Reducer
struct SignUpForm {
  @ObservableState
  struct State: Equatable {
    enum Field: Hashable, Sendable { case email, agreed }
    var email = ""
    var agreed = false
    var focus: Field? = .email
    var message: String?
    var submitted = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case submitTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.email):
        state.message = nil
        return .none
      case .binding:
        return .none
      case .submitTapped:
        guard state.email.split(separator: "@").count == 2 else {
          state.message = "an email has one @"
          state.focus = .email
          return .none
        }
        state.submitted = true
        return .none
      }
    }
  }
}

@MainActor
struct BindingTests {
  @Test func aBindingSetsThePropertyAndTheReducerAfterItSeesTheChange() async {
    let store = TestStore(initialState: SignUpForm.State(message: "old")) { SignUpForm() }
    await store.send(.binding(.set(\.email, "ana@example.com"))) {
      $0.email = "ana@example.com"
      $0.message = nil
    }
    await store.send(.binding(.set(\.focus, .agreed))) {
      $0.focus = .agreed
    }
    await store.send(.set(\.agreed, true)) {
      $0.agreed = true
    }
    await store.send(.submitTapped) {
      $0.submitted = true
    }
  }

  @Test func anInvalidSubmitFocusesTheField() async {
    let store = TestStore(initialState: SignUpForm.State(focus: .agreed)) { SignUpForm() }
    await store.send(.binding(.set(\.email, "nobody"))) { $0.email = "nobody" }
    await store.send(.submitTapped) {
      $0.message = "an email has one @"
      $0.focus = .email
    }
  }

  @Test func bindingActionsAreEqualWhenTheySetTheSamePropertyToTheSameValue() {
    typealias Binding = BindingAction<SignUpForm.State>
    #expect(Binding.set(\.email, "a") == .set(\.email, "a"))
    #expect(Binding.set(\.email, "a") != .set(\.email, "b"))
    #expect(Binding.set(\.agreed, true) != .set(\.email, "a"))
    #expect(Set([Binding.set(\.email, "a"), .set(\.email, "a"), .set(\.email, "b")]).count == 2)
    #expect(SignUpForm.Action.set(\.agreed, true).binding == .set(\.agreed, true))
    #expect(SignUpForm.Action.submitTapped.binding == nil)
  }

  @Test func aWrongExpectationNamesThePropertyAndTheValue() async {
    let store = TestStore(initialState: SignUpForm.State()) { SignUpForm() }
    await withKnownIssue {
      await store.send(.binding(.set(\.email, "ana@example.com"))) {
        $0.email = "someone@else"
      }
    } matching: { issue in
      issue.description.contains("ana@example.com") && issue.description.contains("someone@else")
    }
  }
}
