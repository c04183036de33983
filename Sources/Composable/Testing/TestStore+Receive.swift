import ConcurrencyExtras
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CustomDump
import Dependencies
import IssueReporting

/// Receiving the actions effects send, each checked against the state change it makes.
extension TestStore {
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

  func receiveAction(
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
      let (action, stateAfterAction, stackIDs) = received.removeFirst()
      if matches(action) {
        expectState(updateStateToExpectedResult, actual: stateAfterAction, stackIDs: stackIDs, at: site)
        break
      }
      if exhaustivity == .on {
        site.reportIssue(mismatch(action))
        expectState(updateStateToExpectedResult, actual: stateAfterAction, stackIDs: stackIDs, at: site)
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
  func waitForReceivedAction(timeout: Duration) async -> Bool {
    await Task.megaYield()
    _ = await waitUntil(timeout: timeout) { !received.isEmpty || effects.allRunningCount == 0 }
    return !received.isEmpty
  }
}
