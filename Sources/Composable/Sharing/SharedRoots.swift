import Dependencies
import Foundation

/// The shared values made from keys, one per key: what makes two `@Shared(.inMemory("count"))`
/// declarations one value. A process has one; each test has its own (the dependency's test
/// value is kept per test), so tests never see each other's values, while a test's own
/// declarations and its test store's state share theirs, as two features of one program do.
public final class SharedRoots: @unchecked Sendable {
  private let lock = NSLock()
  private var roots: [RootID: AnyObject] = [:]

  public init() {}

  /// The shared value `key` names, made (and loaded) the first time it is asked for.
  func root<Key: SharedKey>(
    for key: Key, defaultValue: () -> Key.Value, tracker: SharedChangeTracker?
  ) -> SharedRoot<Key.Value> {
    // Named by the key's id and the value's type, not by the key's type: a file named by
    // `.fileStorage(url)` and by a key built on it with a default is one value.
    let id = RootID(id: AnyHashable(key.id), value: ObjectIdentifier(Key.Value.self))
    if let root = lock.withLock({ roots[id] }) as? SharedRoot<Key.Value> { return root }
    // Loaded outside the lock: a key's load may read a file.
    let made = SharedRoot(key: key, defaultValue: defaultValue, tracker: tracker)
    return lock.withLock {
      if let root = roots[id] as? SharedRoot<Key.Value> { return root }
      roots[id] = made
      return made
    }
  }

  private struct RootID: Hashable {
    let id: AnyHashable
    let value: ObjectIdentifier
  }
}

private enum SharedRootsKey: DependencyKey {
  static let liveValue = SharedRoots()
  static var testValue: SharedRoots { SharedRoots() }
}

extension DependencyValues {
  /// Where `@Shared` finds the value a key names.
  public var sharedRoots: SharedRoots {
    get { self[SharedRootsKey.self] }
    set { self[SharedRootsKey.self] = newValue }
  }
}
