import Composable
import Testing

/// A feature that keeps an alert in a plain optional, with no reducer of its own for it.
@Reducer
struct PlainOptionalAlert {
  struct State: Equatable {
    var alert: AlertState<Alert>?
    var answers = 0
  }

  enum Action: Equatable, Sendable {
    case alert(Alert)
    case ask
  }

  enum Alert: Equatable, Sendable {
    case yes
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ask:
        state.alert = AlertState { TextState("Sure?") } actions: {
          ButtonState(action: .yes) { TextState("Yes") }
        }
      case .alert(.yes):
        state.answers += 1
      }
      return .none
    }
    .ifLet(\.alert, action: \.alert)
  }
}

/// An identifiable child in an optional whose state is ephemeral: replaced, it stays.
struct Toast: EphemeralState, Equatable, Identifiable {
  var id: Int
}

@MainActor
struct IfLetEphemeralTests {
  @Test func anAlertInAPlainOptionalIsGoneAfterItsAnswer() async {
    let store = TestStore(initialState: PlainOptionalAlert.State()) { PlainOptionalAlert() }
    await store.send(.ask) {
      $0.alert = AlertState { TextState("Sure?") } actions: {
        ButtonState(action: .yes) { TextState("Yes") }
      }
    }
    await store.send(.alert(.yes)) {
      $0.alert = nil
      $0.answers = 1
    }
  }

  @Test func anAnswerThatPutsUpAnotherEphemeralChildKeepsTheNewOne() async {
    // The parent writes a toast with another id: the ephemeral child was replaced, so it stays.
    let replaced = TestStore(initialState: Toast?.some(Toast(id: 1))) {
      Reduce<Toast?, Int> { toast, next in
        toast = Toast(id: next)
        return .none
      }
      .ifLet(\.self, action: \.self)
    }
    await replaced.send(2) { $0 = Toast(id: 2) }
    // The same id written again counts as the same child: answered, it goes.
    await replaced.send(2) { $0 = nil }
  }

  @Test func aNonEphemeralChildStays() async {
    let store = TestStore(initialState: Counter.State?.some(Counter.State())) {
      EmptyReducer<Counter.State?, Counter.Action>()
        .ifLet(\.self, action: \.self) { Counter() }
    }
    await store.send(.increment) { $0?.count = 1 }
  }
}
