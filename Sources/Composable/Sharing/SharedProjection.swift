import ConcurrencyExtras

/// A part of another shared value, reached by key path: `$user.name`. Reads and changes go
/// through the whole value's root, under its lock.
final class SharedProjection<Parent: Sendable, Value: Sendable>: SharedReference, @unchecked Sendable {
  let parent: any SharedReference<Parent>
  let keyPath: WritableKeyPath<Parent, Value> & Sendable

  init(parent: any SharedReference<Parent>, keyPath: WritableKeyPath<Parent, Value> & Sendable) {
    self.parent = parent
    self.keyPath = keyPath
  }

  var value: Value { parent.value[keyPath: keyPath] }
  var trackedRoot: any TrackedShared { parent.trackedRoot }
  var loadError: (any Error)? { parent.loadError }
  var saveError: (any Error)? { parent.saveError }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.withLock { try body(&$0[keyPath: keyPath]) }
  }

  var changes: AsyncStream<Value> {
    let keyPath = keyPath
    let parentChanges = parent.changes
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task {
        for await whole in parentChanges {
          continuation.yield(whole[keyPath: keyPath])
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// A shared optional's value while it has one: what `Shared(_:)` makes of `$items[id: id]`. Once
/// the value is gone (the item was deleted), it keeps the last value it saw, and changes to it go
/// nowhere, so a screen still showing the deleted item reads something and writes nothing back.
final class SharedUnwrapping<Value: Sendable>: SharedReference, @unchecked Sendable {
  let parent: any SharedReference<Value?>
  private let lastSeen: LockIsolated<Value>

  init?(parent: any SharedReference<Value?>) {
    guard let value = parent.value else { return nil }
    self.parent = parent
    self.lastSeen = LockIsolated(value)
  }

  var value: Value {
    guard let value = parent.value else { return lastSeen.value }
    lastSeen.setValue(value)
    return value
  }

  var trackedRoot: any TrackedShared { parent.trackedRoot }
  var loadError: (any Error)? { parent.loadError }
  var saveError: (any Error)? { parent.saveError }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.withLock { optional in
      guard var value = optional else {
        var gone = lastSeen.value
        return try body(&gone)
      }
      defer {
        let changed = value
        optional = changed
        lastSeen.setValue(changed)
      }
      return try body(&value)
    }
  }

  var changes: AsyncStream<Value> {
    let parentChanges = parent.changes
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task {
        for await value in parentChanges {
          if let value { continuation.yield(value) }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
