import Dependencies
import IssueReporting

/// Lets a presented child end its own presentation: `@Dependency(\.dismiss) var dismiss`, then
/// `return .run { _ in await self.dismiss() }`.
///
/// The presentation reducer gives the child's effects a `dismiss` that sends `.dismiss` to the
/// parent, as if the user had closed the sheet. At the root of a `TestStore` — a feature tested
/// on its own — it dismisses the test store: its effects end and it takes no more actions. Call
/// it from an effect (read the dependency inside the effect, as above): anywhere else it does
/// nothing but report the mistake.
public struct DismissEffect: Sendable {
  let dismiss: (@MainActor @Sendable () -> Void)?

  init(_ dismiss: (@MainActor @Sendable () -> Void)?) {
    self.dismiss = dismiss
  }

  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss else {
      reportIssue(
        """
        'dismiss' was called outside an effect of a presented child, so there is nothing to \
        dismiss.

        Read '@Dependency(\\.dismiss)' inside an effect of a feature presented with 'ifLet'.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect(nil)
  static let testValue = DismissEffect(nil)
}

extension DependencyValues {
  /// Ends the presentation of the child whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}
