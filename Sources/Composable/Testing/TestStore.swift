import ConcurrencyExtras
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CustomDump
import Dependencies
import IssueReporting

/// A store for tests that makes you account for everything a feature does.
///
/// ```swift
/// @Test @MainActor func fetch() async {
///   let store = TestStore(initialState: ProductList.State()) {
///     ProductList()
///   } withDependencies: {
///     $0.apiClient.fetchProducts = { ProductListing(products: [.sample]) }
///   }
///   await store.send(.view(.onAppear)) {
///     $0.loading = .inProgress
///   }
///   await store.receive(\._internal.productsResponse.success) {
///     $0.loading = .loaded
///     $0.products = [.sample]
///   }
/// }
/// ```
///
/// By default it is *exhaustive*. The test fails, with a readable difference, when:
/// - a `send` or `receive` changes state the trailing closure did not describe, or describes a
///   change that did not happen;
/// - an effect sends an action the test does not `receive` before its next `send`, or by the end;
/// - `receive` expects an action and none arrives, or a different one arrives;
/// - an effect is still running when the test store goes away. (An effect gets up to a second to
///   return after that, because the thread it runs on may be a moment behind the test's: an
///   effect whose last action the test just received has not always returned yet.)
///
/// With ``exhaustivity`` set to `.off`, only what the test asserts is checked: unasserted state,
/// actions and effects are allowed, which suits broad integration tests.
///
/// Failures are reported through IssueReporting, so they appear as failures of whichever test
/// framework is running — Swift Testing or XCTest.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// Whether every change, action and effect must be asserted.
  public var exhaustivity: Exhaustivity = .on {
    didSet {
      let isExhaustive = exhaustivity == .on
      checksAtEnd.setValue(isExhaustive)
    }
  }
  /// How long `receive(_:timeout:assert:)` and ``finish(timeout:fileID:filePath:line:column:)``
  /// wait by default before they fail: a second, as TCA's. A passing test never waits this long;
  /// it only bounds a failing one, which then fails in a second.
  public var timeout: Duration = .seconds(1)
  /// How long a test store that goes away waits for effects still running to return before it
  /// reports them (see `checkNothingIsLeft`). Longer than ``timeout``: an effect whose last
  /// action was received has only to return, but it returns on one of the two threads every
  /// test store's effects share, and with the whole unit tier running beside it on two cores
  /// one second was not enough in 2 of 4 runs. A passing test does not wait it out; only a
  /// test that leaves an effect running does.
  nonisolated static var endGrace: Duration { .seconds(5) }
  /// The state as the test has asserted it so far.
  public internal(set) var state: State
  /// The dependencies the reducer and its effects use. A test may change them between actions
  /// (`store.dependencies.date.now = …`): what is reduced and started from then on sees the
  /// change; effects already running keep what they started with.
  public var dependencies: DependencyValues {
    didSet { effects.dependencies = dependencies }
  }

  var reducerState: State
  let reducer: ResolvedReducer<State, Action>
  let effects: EffectRunner<Action>
  /// What effects sent, each with the state right after it and the stack element ids as they
  /// were just before it (for its assertion's appends).
  var received: [(action: Action, state: State, stackIDs: StackElementIDGenerator)] = [] {
    didSet {
      let actions = received.map(\.action)
      unassertedActions.setValue(actions)
    }
  }
  // What the end-of-test check needs, readable from `deinit`.
  let unassertedActions = LockIsolated<[Action]>([])
  let checksAtEnd = LockIsolated(true)
  var queue: [Action] = []
  /// Whether an effect called `@Dependency(\.dismiss)` with no presentation around it: at the
  /// root of a test store that dismisses the store itself, as it would a presented feature, and
  /// a test asserts it with `#expect(store.isDismissed)`.
  public internal(set) var isDismissed = false
  var isReducing = false
  let createdAt: CallSite
  /// The shared values the feature uses, and what the test asserted of them.
  let sharedChanges: SharedChangeTracker

  /// A test store of `reducer` from `initialState`. The state's type comes from the reducer, so
  /// `TestStore(initialState: .init()) { Feature() }` works.
  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    // The store's own `dismiss`, for a feature tested on its own that dismisses itself: it can
    // only reach the store once the store exists, hence the box. A test may still replace it.
    let dismissal = RootDismissal()
    let sharedChanges = SharedChangeTracker()
    let (state, resolved, dependencies) = Dependencies.withDependencies {
      $0.dismiss = DismissEffect { dismissal.store?.dismissedByEffect() }
      // Stack element ids from 0 in every test, whatever other tests used.
      $0.stackElementID = .incrementing()
      // Shared values made by the feature take part in this store's assertions. Those of
      // the test's own (`@Shared(.syncUps) var syncUps = […]` before the store) are the same
      // values, found in the initial state below.
      $0.sharedChangeTracker = sharedChanges
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer()._resolved(), DependencyValues._current)
    }
    sharedChanges.adoptSharedValues(in: state)
    self.sharedChanges = sharedChanges
    self.state = state
    self.reducerState = state
    self.reducer = resolved
    self.dependencies = dependencies
    self.effects = EffectRunner(dependencies: dependencies)
    effects.executor = TestStoreThreads.shared
    self.createdAt = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    effects.deliver = { [weak self] action in self?.deliverFromEffect(action) }
    dismissal.store = self
  }

  /// What `dismiss()` at the root does: the store's effects end, and it takes no more actions.
  fileprivate func dismissedByEffect() {
    isDismissed = true
    effects.cancelAll()
  }

  // A plain (not isolated) deinit runs where the last reference is dropped — at the end of the
  // test, in the test's own task — so the test framework can attribute its failures to the test.
  // An isolated deinit would run as a separate job, without the test's context.
  deinit {
    checkNothingIsLeft(
      isExhaustive: checksAtEnd.value,
      actions: unassertedActions.value,
      runningTasks: effects.tasks,
      createdAt: createdAt,
      sharedChanges: sharedChanges
    )
  }


  // MARK: Reducing

  /// Reduces `action`, starts its effects, and reduces whatever they send synchronously, as a
  /// `Store` does. Actions from effects are recorded for `receive`.
  ///
  /// - Returns: The state right after `action` itself, and the stack element ids as they were
  ///   before it.
  func reduce(
    _ action: Action, sentByTest: Bool, collecting tasks: inout [Task<Void, Never>]
  ) -> (state: State, stackIDs: StackElementIDGenerator) {
    queue.append(action)
    isReducing = true
    defer { isReducing = false }
    var stateAfterAction = reducerState
    var stackIDsBeforeAction = dependencies.stackElementID.copy()
    var next = 0
    while next < queue.count {
      let current = queue[next]
      next += 1
      let stackIDs = dependencies.stackElementID.copy()
      let effect = DependencyValues.$_current.withValue(dependencies) {
        reducer.reduce(into: &reducerState, action: current)
      }
      if next == 1, sentByTest {
        stateAfterAction = reducerState
        stackIDsBeforeAction = stackIDs
      } else {
        received.append((current, reducerState, stackIDs))
      }
      effects.start(effect, collecting: &tasks)
    }
    queue.removeAll()
    return (sentByTest ? stateAfterAction : reducerState, stackIDsBeforeAction)
  }

  func deliverFromEffect(_ action: Action) {
    if isReducing {
      queue.append(action)
      return
    }
    var tasks: [Task<Void, Never>] = []
    _ = reduce(action, sentByTest: false, collecting: &tasks)
  }
}

/// Where a test store's root `dismiss` leads: the store, once it exists, held weakly.
@MainActor
private final class RootDismissal: Sendable {
  weak var store: (any DismissibleTestStore)?
}

@MainActor
private protocol DismissibleTestStore: AnyObject {
  func dismissedByEffect()
}

extension TestStore: DismissibleTestStore {}

/// A test store of a reducer: `TestStoreOf<CartFeature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable, R.Action: Sendable

/// How much a ``TestStore`` insists on.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked. With `showSkippedAssertions`, what was not
  /// asserted is still shown, as known issues that do not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and nothing else is shown.
  public static let off = Self.off(showSkippedAssertions: false)
}

func dumped(_ value: Any) -> String {
  var output = ""
  customDump(value, to: &output)
  return output
}

func caseMismatch<Root, Value>(_ key: CaseKey<Root, Value>, received: Root) -> String {
  """
  Received an action that does not match \(caseKeyDescription(key)):

  \(dumped(received))
  """
}

/// Key paths into `AllCasePaths` do not print their member names on Linux; the case's value type
/// is what can be named.
func caseKeyDescription<Root, Value>(_ key: CaseKey<Root, Value>) -> String {
  "the expected case of \(typeName(Root.self)) (carrying \(typeName(Value.self)))"
}

func typeName(_ type: Any.Type) -> String {
  var name = ""
  customDump(type, to: &name)
  return name
}
