import CustomDump
import Foundation

/// What a shared value is read and changed through: its root, or a part of another shared value.
protocol SharedReference<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable
  /// The value; in a test store's assertion, the value as the test expects it.
  var value: Value { get }
  /// Changes the value under the root's lock.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// The error reading the stored value gave, if it could not be read.
  var loadError: (any Error)? { get }
  /// The error storing the last change gave, if it could not be stored.
  var saveError: (any Error)? { get }
  /// Each new value, from now on, until the consumer stops.
  var changes: AsyncStream<Value> { get }
  /// The root this value is, or is part of: what a test store tracks.
  var trackedRoot: any TrackedShared { get }
}

/// One shared value: where it is held, stored and watched, and — inside a test store — the value
/// as the test last asserted it.
///
/// Every change goes through ``withLock(_:)``, which changes the value, stores it (through the
/// key), and tells whoever watches ``changes``. The lock is recursive: a change may read the
/// value it changes.
final class SharedRoot<Value: Sendable>: SharedReference, @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var current: Value
  /// The value as the test store last asserted it, kept from the first change after that
  /// assertion until the next one; `nil` while nothing changed unasserted.
  private var asserted: Value?
  private let save: (@Sendable (Value) throws -> Void)?
  private var subscription: SharedSubscription?
  private var watchers: [Int: AsyncStream<Value>.Continuation] = [:]
  private var nextWatcher = 0
  private var storedLoadError: (any Error)?
  private var storedSaveError: (any Error)?
  /// The test store whose assertions this value takes part in, if any.
  private(set) weak var tracker: SharedChangeTracker?

  /// A value that lives only in memory: `Shared(value:)`.
  init(value: Value, tracker: SharedChangeTracker?) {
    self.current = value
    self.save = nil
    self.tracker = tracker
  }

  /// The value `key` holds, or `defaultValue` when it holds nothing or cannot be read.
  init<Key: SharedKey<Value>>(key: Key, defaultValue: () -> Value, tracker: SharedChangeTracker?) {
    do {
      current = try key.load() ?? defaultValue()
    } catch {
      current = defaultValue()
      storedLoadError = error
    }
    save = { try key.save($0) }
    self.tracker = tracker
    subscription = key.subscribe { [weak self] result in self?.changedOutside(result) }
  }

  var value: Value {
    lock.withLock {
      switch tracker?.mode {
      case .asserting?, .replaying?: asserted ?? current
      case .reducing?, nil: current
      }
    }
  }

  var loadError: (any Error)? { lock.withLock { storedLoadError } }
  var saveError: (any Error)? { lock.withLock { storedSaveError } }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    switch tracker?.mode {
    case .asserting?:
      // The test says what it expects: that changes the asserted value, not the value.
      var expected = asserted ?? current
      defer {
        asserted = expected
        tracker?.noteAsserted(self)
      }
      return try body(&expected)
    case .replaying?:
      // A second run of the same assertion (to show what a non-exhaustive test skipped).
      var expected = asserted ?? current
      return try body(&expected)
    case .reducing?, nil:
      // Changed as a copy and put back: `body` may read this value (through another reference
      // to it), which it could not while the stored value was lent to it.
      let before = current
      var next = current
      let result = try body(&next)
      current = next
      changed(from: before)
      if let save {
        do {
          try save(current)
          storedSaveError = nil
        } catch {
          storedSaveError = error
        }
      }
      return result
    }
  }

  var changes: AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
    lock.withLock {
      let id = nextWatcher
      nextWatcher += 1
      watchers[id] = continuation
      continuation.onTermination = { [weak self] _ in
        guard let self else { return }
        self.lock.withLock { _ = self.watchers.removeValue(forKey: id) }
      }
    }
    return stream
  }

  /// Another program changed what the key stores.
  private func changedOutside(_ result: Result<Value, any Error>) {
    lock.withLock {
      switch result {
      case let .success(value):
        let before = current
        current = value
        storedLoadError = nil
        changed(from: before)
      case let .failure(error):
        storedLoadError = error
      }
    }
  }

  /// Tells the test store and the watchers of a change (when there was one).
  private func changed(from before: Value) {
    if sharedValuesEqual(before, current) == true { return }
    if let tracker {
      if asserted == nil { asserted = before }
      tracker.noteChanged(self)
    }
    for watcher in watchers.values {
      watcher.yield(current)
    }
  }

  /// Joins a test store's assertions, unless it already takes part in one.
  func adopt(_ tracker: SharedChangeTracker) {
    lock.withLock {
      if self.tracker == nil { self.tracker = tracker }
    }
  }
}

extension SharedRoot: TrackedShared {
  var trackedRoot: any TrackedShared { self }

  func assertionDifference() -> String? {
    lock.withLock {
      guard let asserted else { return nil }
      if sharedValuesEqual(asserted, current) == true { return nil }
      return diff(asserted, current, format: .proportional) ?? "\(dumped(asserted)) → \(dumped(current))"
    }
  }

  func acceptCurrent() {
    lock.withLock { asserted = nil }
  }
}

/// Whether two values are equal, when their type says what equal is; `nil` when it does not.
func sharedValuesEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
