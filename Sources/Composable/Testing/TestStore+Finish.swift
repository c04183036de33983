import ConcurrencyExtras
import CustomDump
import Dependencies
import IssueReporting

/// Finishing: waiting for effects, skipping what the test does not assert, and the check at
/// the end of the test.
extension TestStore {
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

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back: a stretch
  /// of a test that asserts only part of what happens.
  public func withExhaustivity(
    _ exhaustivity: Exhaustivity, operation: () async throws -> Void
  ) async rethrows {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    try await operation()
  }

  nonisolated func checkNothingIsLeft(
    isExhaustive: Bool, actions: [Action], runningTasks: RunningTasks, createdAt: CallSite,
    sharedChanges: SharedChangeTracker
  ) {
    defer { runningTasks.cancelAll() }
    guard isExhaustive else { return }
    let unasserted = sharedChanges.finishAssertion(exhaustive: true).differences
    if !unasserted.isEmpty {
      createdAt.reportIssue(
        """
        A shared value changed after the last assertion, and the test did not assert it:

        \(unasserted.joined(separator: "\n\n").indenting(by: 2))
        """
      )
    }
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
    // thread (one of ``TestStoreThreads``) is a moment behind the test's. Such an effect is
    // given up to ``endGrace`` to return, waited for on a condition each ending task signals;
    // only a test that leaves an effect running pays the whole wait.
    _ = runningTasks.waitUntilNoneRun(for: TestStore.endGrace)
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
