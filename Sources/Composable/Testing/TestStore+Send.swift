import ConcurrencyExtras
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CustomDump
import Dependencies
import IssueReporting

/// Sending actions as the user would, each checked against the state change it makes.
extension TestStore {
  /// Sends `action` as the user would, and checks the state change it makes.
  ///
  /// - Parameters:
  ///   - action: What the user did.
  ///   - updateStateToExpectedResult: Changes the previously asserted state into the state you
  ///     expect after `action`. Omit it when the action must not change state.
  ///   - fileID: Where the call is, for a failure to point at; the default is the caller's.
  ///   - filePath: The same, as a path.
  ///   - line: The same, its line.
  ///   - column: The same, its column.
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
    let (stateAfterAction, stackIDs) = reduce(action, sentByTest: true, collecting: &tasks)
    expectState(updateStateToExpectedResult, actual: stateAfterAction, stackIDs: stackIDs, at: site)
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
}
