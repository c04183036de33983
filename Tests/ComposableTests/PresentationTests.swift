import Clocks
import Composable
import StoreTestSupport
import Testing

/// Presents a ticker as a sheet and an alert; the alert's Confirm sets a flag.
struct Presenter: Reducer {
  struct State: Equatable {
    @PresentationState var ticker: Ticker.State?
    @PresentationState var alert: AlertState<AlertAction>?
    var optionalTicker: Ticker.State?
    var confirmed = false
    var sawTickerOnDismiss = false
  }

  @CasePathable
  enum AlertAction: Equatable, Sendable {
    case confirm
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case ticker(PresentationAction<Ticker.Action>)
    case alert(PresentationAction<AlertAction>)
    case optionalTicker(Ticker.Action)
    case showTicker
    case showAlert
    case closeTickerDirectly
    case closeOptionalTicker
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showTicker:
        state.ticker = Ticker.State()
      case .showAlert:
        state.alert = AlertState {
          TextState("Sure?")
        } actions: {
          ButtonState(role: .cancel) { TextState("Cancel") }
          ButtonState(action: .confirm) { TextState("Yes") }
        }
      case .closeTickerDirectly:
        state.ticker = nil
      case .closeOptionalTicker:
        state.optionalTicker = nil
      case .ticker(.dismiss):
        state.sawTickerOnDismiss = state.ticker != nil
      case .alert(.presented(.confirm)):
        state.confirmed = true
      case .ticker, .alert, .optionalTicker:
        break
      }
      return .none
    }
    .ifLet(\.$ticker, action: \.ticker) { Ticker() }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.optionalTicker, action: \.optionalTicker) { Ticker() }
  }
}

/// A destination enum written by hand, without `@Reducer`: an alert or a counter.
@CasePathable
enum HandWrittenDestination: Equatable {
  case alert(AlertState<Answer>)
  case dialog(ConfirmationDialogState<Answer>)
  case counter(Counter.State)

  enum Answer: Equatable, Sendable {
    case ok
    case askInADialog
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case alert(Answer)
    case dialog(Answer)
    case counter(Counter.Action)
  }
}

/// Presents the hand-written destination.
struct HandWrittenDestinationHost: Reducer {
  struct State: Equatable {
    @Presents var destination: HandWrittenDestination?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case destination(PresentationAction<HandWrittenDestination.Action>)
    case showAlert
    case showCounter
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showAlert: state.destination = .alert(AlertState { TextState("Sure?") })
      case .showCounter: state.destination = .counter(Counter.State())
      case .destination(.presented(.alert(.askInADialog))):
        state.destination = .dialog(ConfirmationDialogState { TextState("Really?") })
      case .destination: break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) {
      Scope(state: \.alert, action: \.alert) {}
      Scope(state: \.dialog, action: \.dialog) {}
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }
}

/// Two cases a presentation can show.
@CasePathable
enum Shown: Equatable {
  case number(Int)
  case text(String)
}

@MainActor
struct PresentationTests {
  func makeStore(clock: some Clock<Duration>) -> TestStoreOf<Presenter> {
    TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = WatchedClock()
    let store = makeStore(clock: clock)
    await store.send(.showTicker) { $0.ticker = Ticker.State() }
    await store.send(.ticker(.presented(.start)))
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) { $0.ticker?.ticks = 1 }

    // The parent sees `.dismiss` while the child is still there, then it is gone.
    await store.send(.ticker(.dismiss)) {
      $0.sawTickerOnDismiss = true
      $0.ticker = nil
    }
    await store.finish()
    await clock.advance(by: .seconds(3))
  }

  @Test func clearingPresentedStateCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showTicker) { $0.ticker = Ticker.State() }
    await store.send(.ticker(.presented(.start)))
    await store.send(.closeTickerDirectly) { $0.ticker = nil }
    await store.finish()
  }

  @Test func clearingOptionalStateCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State(optionalTicker: Ticker.State())) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.optionalTicker(.start))
    await store.send(.closeOptionalTicker) { $0.optionalTicker = nil }
    await store.finish()
  }

  @Test func aNewPresentationIsNotCancelledWithTheOldOne() async {
    let clock = WatchedClock()
    let store = makeStore(clock: clock)
    await store.send(.showTicker) { $0.ticker = Ticker.State() }
    await store.send(.closeTickerDirectly) { $0.ticker = nil }
    await store.send(.showTicker) { $0.ticker = Ticker.State() }
    let ticking = await store.send(.ticker(.presented(.start)))
    await clock.sleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) { $0.ticker?.ticks = 1 }
    await ticking.cancel()
  }

  @Test func anAlertClearsItselfAfterAButton() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.showAlert) {
      $0.alert = AlertState {
        TextState("Sure?")
      } actions: {
        ButtonState(role: .cancel) { TextState("Cancel") }
        ButtonState(action: .confirm) { TextState("Yes") }
      }
    }
    #expect(store.state.alert?.focusedButton?.label == "Yes", "focus skips the cancel button")
    await store.send(.alert(.presented(.confirm))) {
      $0.confirmed = true
      $0.alert = nil
    }
  }

  @Test func anActionForAChildThatIsNotPresentedIsReported() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: Presenter.State()) { Presenter() }
      await store.send(.alert(.presented(.confirm))) { $0.confirmed = true }
    } matching: { issue in
      issue.description.contains("for a child that is not presented")
    }
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: Presenter.State()) { Presenter() }
      await store.send(.optionalTicker(.tick))
    } matching: { issue in
      issue.description.contains("while the child state was nil")
    }
  }

  @Test func changingACaseThatIsNotPresentedIsReportedAndChangesNothing() {
    var presented = PresentationState<Shown>(wrappedValue: .number(42))
    withKnownIssue {
      presented[case: \.text]?.append("!")
    } matching: { issue in
      issue.description.contains("changed for a case that is not presented")
    }
    withKnownIssue {
      presented[case: \.text] = nil
    } matching: { issue in
      issue.description.contains("changed for a case that is not presented")
    }
    #expect(presented.wrappedValue == .number(42))
    presented[case: \.number]? += 1
    #expect(presented.wrappedValue == .number(43))
    presented[case: \.number] = nil
    #expect(presented.wrappedValue == nil)
  }

  @Test func anAlertCaseOfAHandWrittenDestinationClearsItself() async {
    let store = TestStore(initialState: HandWrittenDestinationHost.State()) { HandWrittenDestinationHost() }
    await store.send(.showAlert) { $0.destination = .alert(AlertState { TextState("Sure?") }) }
    await store.send(.destination(.presented(.alert(.ok)))) { $0.destination = nil }
    await store.send(.showAlert) { $0.destination = .alert(AlertState { TextState("Sure?") }) }
    // Answered by a dialog in its place: another case is another child, and it stays.
    await store.send(.destination(.presented(.alert(.askInADialog)))) {
      $0.destination = .dialog(ConfirmationDialogState { TextState("Really?") })
    }
    await store.send(.destination(.presented(.dialog(.ok)))) { $0.destination = nil }
    await store.send(.showCounter) { $0.destination = .counter(Counter.State()) }
    await store.send(.destination(.presented(.counter(.increment)))) {
      $0.destination = .counter(Counter.State(count: 1))
    }
  }

  @Test func presentationStateEqualityIgnoresWhichPresentationItIs() {
    var first = Presenter.State()
    first.ticker = Ticker.State()
    var second = Presenter.State()
    second.ticker = Ticker.State()
    #expect(first.$ticker.id != second.$ticker.id)
    #expect(first == second)
  }
}
