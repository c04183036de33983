/// Where a shared value lives besides memory, and how it is read, written and watched:
/// `.inMemory("count")`, `.fileStorage(url)`.
///
/// Two `@Shared` declarations with keys of equal ``id`` (and the same value type) are one value:
/// what one writes, the other reads at once.
public protocol SharedKey<Value>: Sendable {
  associatedtype Value: Sendable
  associatedtype ID: Hashable & Sendable

  /// What makes two keys the same place.
  var id: ID { get }

  /// The value stored, or `nil` when nothing is stored yet (the declaration's default is used).
  /// A value that is stored but cannot be read throws: the default is used and the error is
  /// kept as the shared value's `loadError`.
  func load() throws -> Value?

  /// Stores `value` after a change. An error is kept as the shared value's `saveError`; the
  /// value in memory keeps the change.
  func save(_ value: Value) throws

  /// Calls `onChange` when the stored value changes from outside this process (another program
  /// wrote the file), until the subscription is cancelled.
  func subscribe(
    _ onChange: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> SharedSubscription
}

/// Stops what a ``SharedKey`` watches when cancelled, or when it is no longer referenced.
public final class SharedSubscription: Sendable {
  private let stop: @Sendable () -> Void

  public init(_ stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// A subscription to nothing: for keys with nothing to watch.
  public static var none: SharedSubscription { SharedSubscription {} }

  deinit { stop() }
}
