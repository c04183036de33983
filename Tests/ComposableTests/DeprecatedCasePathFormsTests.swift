import Composable
import ComposableCompatibility
import XCTest

// The forms that take a case path value (`/Action.child`), deprecated as in the Composable
// Architecture. Each test drives one through a store and checks it does what its key-path form
// does. These are XCTest methods because a deprecated method may use deprecated API without a
// warning, and Swift Testing does not take deprecated tests.

/// A parent with every kind of child, each reached through a deprecated form.
@available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
struct CasePathValueParent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var optional: Counter.State?
    var phase = Phase.counting(Counter.State())
    var rows: IdentifiedArrayOf<Counter.State> = [Counter.State(id: 7)]
    var oldRows: IdentifiedArrayOf<Counter.State> = [Counter.State(id: 8)]
    var sheet = PresentationState<Counter.State>(wrappedValue: nil)
  }

  @CasePathable
  enum Phase: Equatable {
    case counting(Counter.State)
    case done
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case optional(Counter.Action)
    case phase(Counter.Action)
    case rows(IdentifiedAction<Int, Counter.Action>)
    case oldRow(id: Int, action: Counter.Action)
    case sheet(PresentationAction<Counter.Action>)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: /Action.counter) { Counter() }
    Scope(state: \.phase, action: /Action.phase) {
      Scope(state: /Phase.counting, action: /Counter.Action.self) { Counter() }
    }
    EmptyReducer()
      .ifLet(\.optional, action: /Action.optional) { Counter() }
      .forEach(\.rows, action: /Action.rows) { Counter() }
      .forEach(\.oldRows, action: /Action.oldRow(id:action:)) { Counter() }
      .ifLet(\.sheet, action: /Action.sheet) { Counter() }
  }
}

final class DeprecatedCasePathFormsTests: XCTestCase {
  @available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
  @MainActor func test_scopeRunsTheChildOnAPropertyAndOnACase() async {
    let store = TestStore(initialState: CasePathValueParent.State()) { CasePathValueParent() }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.phase(.decrement)) { $0.phase = .counting(Counter.State(count: -1)) }
  }

  @available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
  @MainActor func test_ifLetAndForEachReachTheirChildren() async {
    var initial = CasePathValueParent.State()
    initial.optional = Counter.State()
    initial.sheet.wrappedValue = Counter.State()
    let store = TestStore(initialState: initial) { CasePathValueParent() }
    await store.send(.optional(.increment)) { $0.optional?.count = 1 }
    await store.send(.rows(.element(id: 7, action: .increment))) { $0.rows[id: 7]?.count = 1 }
    await store.send(.oldRow(id: 8, action: .decrement)) { $0.oldRows[id: 8]?.count = -1 }
    await store.send(.sheet(.presented(.increment))) { $0.sheet.wrappedValue?.count = 1 }
    await store.send(.sheet(.dismiss)) { $0.sheet.wrappedValue = nil }
  }

  @available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
  @MainActor func test_ifCaseLetRunsOnlyInItsCase() async {
    let store = TestStore(initialState: CasePathValueParent.Phase.counting(Counter.State())) {
      EmptyReducer<CasePathValueParent.Phase, Counter.Action>()
        .ifCaseLet(/CasePathValueParent.Phase.counting, action: /Counter.Action.self) { Counter() }
    }
    await store.send(.increment) { $0 = .counting(Counter.State(count: 1)) }
  }

  @available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
  @MainActor func test_anEphemeralChildWithoutAReducerGoesAfterItsAction() async {
    struct Host: Reducer {
      struct State: Equatable { var alert: AlertState<Answer>? }
      enum Action: Equatable, Sendable { case alert(Answer) }
      enum Answer: Equatable, Sendable { case ok }
      var body: some Reducer<State, Action> {
        EmptyReducer().ifLet(\.alert, action: /Action.alert)
      }
    }
    let store = TestStore(initialState: Host.State(alert: AlertState { TextState("Hi") })) { Host() }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @available(*, deprecated, message: "Exercises the deprecated case-path-value forms")
  @MainActor func test_thePresentationSubscriptReadsAndWritesACase() {
    var presented = PresentationState<CasePathValueParent.Phase>(wrappedValue: .counting(Counter.State()))
    XCTAssert(presented[case: /CasePathValueParent.Phase.counting] == Counter.State())
    presented[case: /CasePathValueParent.Phase.counting]?.count = 3
    XCTAssert(presented.wrappedValue == .counting(Counter.State(count: 3)))
    presented[case: /CasePathValueParent.Phase.counting] = nil
    XCTAssert(presented.wrappedValue == nil)
  }
}
