import Clocks
import Composable
import Testing

/// A path with every kind of case TCA's `@Reducer enum` takes: a feature, a case of several
/// values, a case marked `@ReducerCaseIgnored`.
@Reducer
enum MixedPath {
  case page(Page)
  case note(String, pinned: Bool)
  @ReducerCaseIgnored
  case banner(String)
}

extension MixedPath.State: Equatable {}
extension MixedPath.Action: Equatable {}

@Reducer
struct MixedStack {
  @ObservableState
  struct State: Equatable {
    var path = StackState<MixedPath.State>()
  }

  enum Action: Equatable {
    case path(StackActionOf<MixedPath>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }
}

/// Spellings of TCA 1.x that its example apps use, which the core takes as written.
@MainActor
struct TCASpellingsTests {
  @Test func stateOnlyCasesSitOnAStackBesideFeatures() async {
    let store = TestStore(initialState: MixedStack.State()) { MixedStack() }
    await store.send(\.path.push, (id: 0, .note("remember", pinned: true))) {
      $0.path[id: 0] = .note("remember", pinned: true)
    }
    await store.send(\.path.push, (id: 1, .banner("hello"))) {
      $0.path[id: 1] = .banner("hello")
    }
    await store.send(\.path.push, (id: 2, .page(Page.State(title: "a")))) {
      $0.path[id: 2] = .page(Page.State(title: "a"))
    }
    await store.send(\.path[id: 2].page.openNextTapped)
    await store.receive(\.path[id: 2].page.delegate.openNext)
    await store.send(\.path.popFrom, 1) {
      $0.path.pop(from: 1)
    }
  }

  @Test func aBindingIsSentByItsPropertysKeyPath() async {
    let store = TestStore(initialState: SignUpForm.State()) { SignUpForm() }
    await store.send(\.binding.email, "ana@example.com") {
      $0.email = "ana@example.com"
    }
    await store.send(\.binding.agreed, true) {
      $0.agreed = true
    }
    #expect(SignUpForm.Action.allCasePaths.binding.email.extract(from: .set(\.email, "x")) == "x")
    #expect(SignUpForm.Action.allCasePaths.binding.email.extract(from: .set(\.agreed, true)) == nil)
  }

  @Test func withExhaustivityRelaxesAStretchOfATest() async {
    let store = TestStore(initialState: SignUpForm.State()) { SignUpForm() }
    await store.withExhaustivity(.off) {
      await store.send(\.binding.email, "ana@example.com")  // its state change goes unasserted
    }
    #expect(store.exhaustivity == .on)
    await store.send(\.binding.agreed, true) {
      $0.agreed = true
    }
  }

  @Test func aDismissedTestStoreSaysSo() async {
    let store = TestStore(initialState: ClosingCounter.State()) { ClosingCounter() }
    #expect(!store.isDismissed)
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
  }
}
