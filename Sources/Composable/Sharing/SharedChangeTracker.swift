import Dependencies
import Foundation

/// What a test store needs from a shared value, whatever its type.
protocol TrackedShared: AnyObject, Sendable {
  /// How the value differs from what the test asserted, or `nil` when it agrees (or nothing
  /// changed since the last assertion).
  func assertionDifference() -> String?
  /// Takes the current value as asserted.
  func acceptCurrent()
  /// Joins a test store's assertions.
  func adopt(_ tracker: SharedChangeTracker)
}

/// A test store's view of the shared values its feature uses: which changed since the last
/// assertion, which the test asserted, and whether an assertion closure is running.
///
/// Shared values are references: the state before an action and the state after it hold the
/// same one, so comparing states cannot see a shared change. Each shared value therefore keeps
/// the value as last asserted from its first change on, and the test's closure changes that
/// kept value (`$0.$count.withLock { $0 = 1 }`); the test store compares it with the real one.
final class SharedChangeTracker: @unchecked Sendable {
  enum Mode: Sendable {
    /// The feature runs: changes are real, and noted.
    case reducing
    /// The test's assertion closure runs: changes go to the asserted values.
    case asserting
    /// The same closure runs again, only to show what a non-exhaustive test skipped: changes
    /// go nowhere.
    case replaying
  }

  /// Taken inside a shared value's lock (a change notes itself here), never around one.
  private let lock = NSLock()
  private var currentMode = Mode.reducing
  private var changed: [ObjectIdentifier: any TrackedShared] = [:]
  private var asserted: [ObjectIdentifier: any TrackedShared] = [:]

  var mode: Mode { lock.withLock { currentMode } }

  func noteChanged(_ value: some TrackedShared) {
    lock.withLock { changed[ObjectIdentifier(value)] = value }
  }

  func noteAsserted(_ value: some TrackedShared) {
    lock.withLock { asserted[ObjectIdentifier(value)] = value }
  }

  /// Runs `body` — a test's assertion closure — in `mode`.
  func run<R>(in mode: Mode, _ body: () throws -> R) rethrows -> R {
    lock.withLock { currentMode = mode }
    defer { lock.withLock { currentMode = .reducing } }
    return try body()
  }

  /// The outcome of one assertion: the differences between what the test expected of shared
  /// values and what they are (every changed value when `exhaustive`, else the asserted ones),
  /// and whether the test asserted any shared change. Afterwards every value is taken as
  /// asserted.
  func finishAssertion(exhaustive: Bool) -> (differences: [String], assertedAny: Bool) {
    let (changed, asserted) = lock.withLock {
      defer {
        self.changed = [:]
        self.asserted = [:]
      }
      return (self.changed, self.asserted)
    }
    var checked = asserted
    if exhaustive { checked.merge(changed) { first, _ in first } }
    let differences = checked.values.compactMap { $0.assertionDifference() }
    for value in changed.values { value.acceptCurrent() }
    for value in asserted.values { value.acceptCurrent() }
    return (differences, !asserted.isEmpty)
  }

  /// Makes every shared value found in `value` (a feature's initial state) take part in this
  /// tracker's assertions: values made before the test store, with `Shared(value:)`. Looks at
  /// no more than `limit` parts of the state, so a state of many rows costs a bounded walk.
  func adoptSharedValues(in value: Any, limit: Int = 10_000) {
    var budget = limit
    func visit(_ value: Any) {
      guard budget > 0 else { return }
      budget -= 1
      if let shared = value as? any SharedValueReflecting {
        shared.trackedRoot.adopt(self)
        return
      }
      for child in Mirror(reflecting: value).children {
        visit(child.value)
        if budget <= 0 { return }
      }
    }
    visit(value)
  }
}

/// A `Shared` or `SharedReader`, found in a state by reflection.
protocol SharedValueReflecting {
  var trackedRoot: any TrackedShared { get }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static var liveValue: SharedChangeTracker? { nil }
  static var testValue: SharedChangeTracker? { nil }
}

extension DependencyValues {
  /// The test store whose assertions the shared values made now take part in, if any.
  var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}
