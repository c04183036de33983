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
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and ``finish(timeout:fileID:filePath:line:column:)``
  /// wait by default before they fail. A passing test never waits this long; it only bounds a
  /// failing one. Ten seconds, not TCA's one: in a full parallel run on two cores (servers,
  /// terminals and processes started by other tests) an effect was seen to wait over a second
  /// for a thread.
  public var timeout: Duration = .seconds(10)
  /// The state as the test has asserted it so far.
  public private(set) var state: State
  /// The dependencies the reducer and its effects use. A test may change them between actions
  /// (`store.dependencies.date.now = …`): what is reduced and started from then on sees the
  /// change; effects already running keep what they started with.
  public var dependencies: DependencyValues {
    didSet { effects.dependencies = dependencies }
  }

  private var reducerState: State
  private let reducer: ResolvedReducer<State, Action>
  private let effects: EffectRunner<Action>
  private var received: [(action: Action, state: State)] = [] {
    didSet {
      let actions = received.map(\.action)
      unassertedActions.setValue(actions)
    }
  }
  // What the end-of-test check needs, readable from `deinit`.
  private let unassertedActions = LockIsolated<[Action]>([])
  private let checksAtEnd = LockIsolated(true)
  private var queue: [Action] = []
  /// Set when an effect called `@Dependency(\.dismiss)` with no presentation around it: at the
  /// root of a test store that dismisses the store itself, as it would a presented feature.
  private var isDismissed = false
  private var isReducing = false
  private let createdAt: CallSite

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
    let (state, resolved, dependencies) = Dependencies.withDependencies {
      $0.dismiss = DismissEffect { dismissal.store?.dismissedByEffect() }
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer()._resolved(), DependencyValues._current)
    }
    self.state = state
    self.reducerState = state
    self.reducer = resolved
    self.dependencies = dependencies
    self.effects = EffectRunner(dependencies: dependencies)
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
      createdAt: createdAt
    )
  }

  // MARK: Sending

  /// Sends `action` as the user would, and checks the state change it makes.
  ///
  /// - Parameter updateStateToExpectedResult: Changes the previously asserted state into the
  ///   state you expect after `action`. Omit it when the action must not change state.
  /// - Returns: The effects `action` started, to await or cancel.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      site.reportIssue(
        """
        This test store was dismissed — an effect called '@Dependency(\\.dismiss)' — and takes \
        no more actions:

        \(dumped(action))
        """
      )
      return TestStoreTask(StoreTask(), timeout: timeout)
    }
    if !received.isEmpty {
      if exhaustivity == .on {
        site.reportIssue(
          """
          Must handle \(received.count) received \(received.count == 1 ? "action" : "actions") \
          before sending an action:

          \(received.map { dumped($0.action) }.joined(separator: "\n\n"))
          """
        )
      }
      else {
        reportSkippedAssertion(
          "\(received.count) received \(received.count == 1 ? "action was" : "actions were") skipped:\n\n"
            + received.map { dumped($0.action) }.joined(separator: "\n\n"),
          at: site
        )
      }
      state = received.last!.state
      received.removeAll()
    }
    var tasks: [Task<Void, Never>] = []
    let stateAfterAction = reduce(action, sentByTest: true, collecting: &tasks)
    expectState(updateStateToExpectedResult, actual: stateAfterAction, at: site)
    await Task.megaYield()
    return TestStoreTask(StoreTask(tasks), timeout: timeout)
  }

  /// Sends the action a case key names, with its associated value: `send(\.view.search, "cat")`.
  @discardableResult
  public func send<Value>(
    _ caseKey: CaseKey<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.casePath(caseKey).embed(value),
      assert: updateStateToExpectedResult,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Sends the action a case key names, for a case without an associated value:
  /// `send(\.alert.didConfirmPurchase)`.
  @discardableResult
  public func send(
    _ caseKey: CaseKey<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.casePath(caseKey).embed(()),
      assert: updateStateToExpectedResult,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  // MARK: Receiving

  /// Expects the next action an effect sent to be `expectedAction`, and checks its state change.
  ///
  /// Waits up to `timeout` (default ``timeout``) for an effect to send it.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      described: dumped(expectedAction),
      matching: { $0 == expectedAction },
      mismatch: { received in
        """
        Received unexpected action:

        \(diff(expectedAction, received, format: .proportional) ?? dumped(received))

        (Expected: −, Received: +)
        """
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Expects the next action an effect sent to be in the case `caseKey` names, whatever its
  /// associated value: `receive(\._internal.productsResponse.success)`.
  public func receive<Value>(
    _ caseKey: CaseKey<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = Action.casePath(caseKey)
    await receiveAction(
      described: "an action matching \(caseKeyDescription(caseKey))",
      matching: { casePath.extract(from: $0) != nil },
      mismatch: { caseMismatch(caseKey, received: $0) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Expects the next action an effect sent to be in the case `caseKey` names, with associated
  /// value `value`.
  public func receive<Value: Equatable>(
    _ caseKey: CaseKey<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = Action.casePath(caseKey)
    await receiveAction(
      described: "\(caseKeyDescription(caseKey)) with \(dumped(value))",
      matching: { casePath.extract(from: $0) == value },
      mismatch: { received in
        if let receivedValue = casePath.extract(from: received) {
          return """
            Received \(caseKeyDescription(caseKey)) with an unexpected value:

            \(diff(value, receivedValue, format: .proportional) ?? dumped(receivedValue))

            (Expected: −, Received: +)
            """
        }
        return caseMismatch(caseKey, received: received)
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Expects the next action an effect sent to satisfy `isMatching`:
  /// `receive { $0.isDelegate }`. Not exhaustive: actions before it are skipped.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      described: "an action matching the predicate",
      matching: isMatching,
      mismatch: { received in
        """
        Received an action that does not match the predicate:

        \(dumped(received))
        """
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  // MARK: Finishing

  /// Waits until every effect has finished; fails if some are still running after `timeout`,
  /// and, when exhaustive, if actions the effects sent were never asserted (they are then
  /// accepted, so that the end of the test does not report them again).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
    let finished = await waitUntil(timeout: timeout, { effects.runningCount == 0 })
    if exhaustivity == .on, let last = received.last {
      site.reportIssue(
        """
        The store received \(received.count) \(received.count == 1 ? "action" : "actions") \
        that the test did not assert before finish():

        \(received.map { dumped($0.action) }.joined(separator: "\n\n"))
        """
      )
      state = last.state
      received.removeAll()
    } else if !received.isEmpty {
      reportSkippedAssertion(
        "\(received.count) received \(received.count == 1 ? "action was" : "actions were") skipped.",
        at: site
      )
    }
    guard !finished else { return }
    site.reportIssue(
      """
      Expected effects to finish, but \(effects.runningCount) still \
      \(effects.runningCount == 1 ? "is" : "are") running after \(timeout).

      Advance the clocks they wait on, or cancel them, before the test ends.
      """
    )
  }

  /// Accepts every action received so far without asserting it, moving to the latest state.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    guard let last = received.last else {
      if strict {
        CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
          .reportIssue("There were no received actions to skip.")
      }
      return
    }
    state = last.state
    received.removeAll()
  }

  /// Stops waiting for the effects running now, so the test can end before they do.
  ///
  /// The effects are not cancelled: they go on, and what they send can still be received. An
  /// exhaustive store shows what it skipped as a known issue; `strict` fails when nothing was
  /// running.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let running = effects.runningCount
    guard running > 0 else {
      if strict { site.reportIssue("There were no in-flight effects to skip.") }
      return
    }
    effects.skipRunning()
    reportSkippedAssertion(
      "\(running) in-flight \(running == 1 ? "effect was" : "effects were") skipped.",
      at: site,
      evenWhenExhaustive: true
    )
  }

  /// Checks the store's current state without sending anything: the closure changes the state
  /// as last asserted into the state expected now.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let current = received.last?.state ?? reducerState
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      expectState(update, actual: current, at: site, requireChange: false)
    }
  }

  // MARK: Internals

  /// Reduces `action`, starts its effects, and reduces whatever they send synchronously, as a
  /// `Store` does. Actions from effects are recorded for `receive`.
  ///
  /// - Returns: The state right after `action` itself.
  private func reduce(
    _ action: Action, sentByTest: Bool, collecting tasks: inout [Task<Void, Never>]
  ) -> State {
    queue.append(action)
    isReducing = true
    defer { isReducing = false }
    var stateAfterAction = reducerState
    var next = 0
    while next < queue.count {
      let current = queue[next]
      next += 1
      let effect = DependencyValues.$_current.withValue(dependencies) {
        reducer.reduce(into: &reducerState, action: current)
      }
      if next == 1, sentByTest {
        stateAfterAction = reducerState
      } else {
        received.append((current, reducerState))
      }
      effects.start(effect, collecting: &tasks)
    }
    queue.removeAll()
    return sentByTest ? stateAfterAction : reducerState
  }

  private func deliverFromEffect(_ action: Action) {
    if isReducing {
      queue.append(action)
      return
    }
    var tasks: [Task<Void, Never>] = []
    _ = reduce(action, sentByTest: false, collecting: &tasks)
  }

  private func receiveAction(
    described expectation: String,
    matching matches: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    let timeout = timeout ?? self.timeout
    while true {
      guard await waitForReceivedAction(timeout: timeout) else {
        site.reportIssue(
          effects.allRunningCount > 0
            ? """
              Expected to receive \(expectation), but received none after \(timeout).

              An effect is still running: it may be waiting on a clock that was not advanced.
              """
            : "Expected to receive \(expectation), but received none."
        )
        return
      }
      let (action, stateAfterAction) = received.removeFirst()
      if matches(action) {
        expectState(updateStateToExpectedResult, actual: stateAfterAction, at: site)
        break
      }
      if exhaustivity == .on {
        site.reportIssue(mismatch(action))
        expectState(updateStateToExpectedResult, actual: stateAfterAction, at: site)
        break
      }
      // Not exhaustive: skip actions the test does not care about.
      reportSkippedAssertion("A received action was skipped:\n\n\(dumped(action))", at: site)
      state = stateAfterAction
    }
    await Task.megaYield()
  }

  /// Waits for an effect to send an action: until one arrives, no effect is left running to
  /// send one, or `timeout` passes.
  private func waitForReceivedAction(timeout: Duration) async -> Bool {
    await Task.megaYield()
    _ = await waitUntil(timeout: timeout) { !received.isEmpty || effects.allRunningCount == 0 }
    return !received.isEmpty
  }

  private func expectState(
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    actual: State,
    at site: CallSite,
    requireChange: Bool = true
  ) {
    defer { state = actual }
    var expected = exhaustivity == .on ? state : actual
    do {
      // The closure sees the store's dependencies, as the reducer did: `@Dependency(\.uuid)`
      // in a state's initializer gives the same values in the assertion as in the feature.
      try withDependencies({ $0 = dependencies }) {
        try updateStateToExpectedResult?(&expected)
      }
      if case .off(showSkippedAssertions: true) = exhaustivity {
        var exhaustivelyExpected = state
        try withDependencies({ $0 = dependencies }) {
          try updateStateToExpectedResult?(&exhaustivelyExpected)
        }
        if exhaustivelyExpected != actual {
          reportSkippedAssertion(
            "A state change was not asserted:\n\n"
              + (diff(exhaustivelyExpected, actual, format: .proportional) ?? dumped(actual)),
            at: site
          )
        }
      }
    } catch {
      site.reportIssue("The state assertion threw an error: \(error)")
      return
    }
    if expected != actual {
      let difference =
        diff(expected, actual, format: .proportional)
        ?? "(The states differ by '==' but dump the same.)"
      let headline =
        updateStateToExpectedResult == nil && exhaustivity == .on
        ? "State was not expected to change, but a change occurred:"
        : "A state change does not match expectation:"
      site.reportIssue(
        """
        \(headline)

        \(difference.indenting(by: 2))

        (Expected: −, Actual: +)
        """
      )
    } else if requireChange, exhaustivity == .on, updateStateToExpectedResult != nil, expected == state {
      site.reportIssue(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable change to state. If no change is expected, \
        omit the trailing closure.
        """
      )
    }
  }

  /// Shows an assertion a non-exhaustive test skipped, as a known issue, when the test asked
  /// to see them (`.off(showSkippedAssertions: true)`); `evenWhenExhaustive` shows it in an
  /// exhaustive test too, for what the test skipped on purpose.
  private func reportSkippedAssertion(
    _ message: String, at site: CallSite, evenWhenExhaustive: Bool = false
  ) {
    switch exhaustivity {
    case .on where !evenWhenExhaustive, .off(showSkippedAssertions: false):
      return
    case .on, .off(showSkippedAssertions: true):
      #if !canImport(ObjectiveC)
        // XCTest on Linux cannot expect a failure: shown as an expected issue, a skipped
        // assertion would fail the test it is meant only to inform. It goes to the log.
        if case .xcTest = TestContext.current {
          let line = Array("\(site.fileID):\(site.line): skipped assertion: \(message)\n".utf8)
          _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
          return
        }
      #endif
      withExpectedIssue(
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
      ) {
        site.reportIssue("Skipped assertion: \(message)")
      }
    }
  }

  private nonisolated func checkNothingIsLeft(
    isExhaustive: Bool, actions: [Action], runningTasks: RunningTasks, createdAt: CallSite
  ) {
    defer { runningTasks.cancelAll() }
    guard isExhaustive else { return }
    if !actions.isEmpty {
      createdAt.reportIssue(
        """
        The store received \(actions.count) \(actions.count == 1 ? "action" : "actions") \
        that the test did not assert:

        \(actions.map { dumped($0) }.joined(separator: "\n\n"))
        """
      )
    }
    // An effect whose last action the test has just received may not have returned yet: its
    // thread is a moment behind the test's — and on a loaded machine (CI's two cores running
    // the whole suite at once) more than a second behind; that was seen. Give such effects up to
    // five seconds; one still running after that is running for real. Only a failing test pays
    // the wait.
    let deadline = ContinuousClock.now + .seconds(5)
    while runningTasks.count > 0, ContinuousClock.now < deadline {
      usleep(1_000)
    }
    let running = runningTasks.count
    if running > 0 {
      createdAt.reportIssue(
        """
        \(running) \(running == 1 ? "effect is" : "effects are") still running at the end of \
        the test.

        Every effect must finish (or be cancelled) before the test store goes away. Await the \
        task 'send' returned, call 'finish()', or 'skipInFlightEffects()'.
        """
      )
    }
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

private func dumped(_ value: Any) -> String {
  var output = ""
  customDump(value, to: &output)
  return output
}

private func caseMismatch<Root, Value>(_ key: CaseKey<Root, Value>, received: Root) -> String {
  """
  Received an action that does not match \(caseKeyDescription(key)):

  \(dumped(received))
  """
}

/// Key paths into `AllCasePaths` do not print their member names on Linux; the case's value type
/// is what can be named.
private func caseKeyDescription<Root, Value>(_ key: CaseKey<Root, Value>) -> String {
  "the expected case of \(typeName(Root.self)) (carrying \(typeName(Value.self)))"
}

private func typeName(_ type: Any.Type) -> String {
  var name = ""
  customDump(type, to: &name)
  return name
}
