import ConcurrencyExtras
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CustomDump
import Dependencies
import IssueReporting

/// Comparing the state a test expects with the state the store has, and showing what a
/// non-exhaustive test skipped.
extension TestStore {
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
      expectState(
        update, actual: current, stackIDs: dependencies.stackElementID, at: site, requireChange: false
      )
    }
  }

  /// - Parameter stackIDs: The stack element ids as they were before the action that made
  ///   `actual`: the closure appends with a copy of them, so its elements get the ids the
  ///   reducer's did.
  func expectState(
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    actual: State,
    stackIDs: StackElementIDGenerator,
    at site: CallSite,
    requireChange: Bool = true
  ) {
    defer { state = actual }
    var expected = exhaustivity == .on ? state : actual
    // The closure sees the store's dependencies, as the reducer did: `@Dependency(\.uuid)`
    // in a state's initializer gives the same values in the assertion as in the feature.
    func assertionDependencies(_ values: inout DependencyValues) {
      values = dependencies
      values.stackElementID = stackIDs.copy()
    }
    do {
      try withDependencies(assertionDependencies) {
        try sharedChanges.run(in: .asserting) {
          try updateStateToExpectedResult?(&expected)
        }
      }
      if case .off(showSkippedAssertions: true) = exhaustivity {
        var exhaustivelyExpected = state
        try withDependencies(assertionDependencies) {
          try sharedChanges.run(in: .replaying) {
            try updateStateToExpectedResult?(&exhaustivelyExpected)
          }
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
      _ = sharedChanges.finishAssertion(exhaustive: false)
      site.reportIssue("The state assertion threw an error: \(error)")
      return
    }
    let shared = sharedChanges.finishAssertion(exhaustive: exhaustivity == .on)
    for difference in shared.differences {
      site.reportIssue(
        """
        A shared value does not match expectation:

        \(difference.indenting(by: 2))

        (Expected: −, Actual: +)
        """
      )
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
    } else if requireChange, exhaustivity == .on, updateStateToExpectedResult != nil, expected == state,
      !shared.assertedAny
    {
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
  func reportSkippedAssertion(
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
}
