import Dependencies

/// A key that carries the value to use while nothing is stored, so that a declaration needs no
/// default of its own:
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
///   static var syncUps: Self { Self[.fileStorage(.syncUps), default: []] }
/// }
/// // then, anywhere:
/// @Shared(.syncUps) var syncUps
/// ```
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  public let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `base`, with `defaultValue` for while it holds nothing.
  public static subscript(
    _ base: Base, default defaultValue: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: base, defaultValue: defaultValue)
  }

  public var id: Base.ID { base.id }
  public func load() throws -> Base.Value? { try base.load() }
  public func save(_ value: Base.Value) throws { try base.save(value) }
  public func subscribe(
    _ onChange: @escaping @Sendable (Result<Base.Value, any Error>) -> Void
  ) -> SharedSubscription {
    base.subscribe(onChange)
  }
}

extension SharedKey {
  /// This kind of key with a default value: `FileStorageKey<Settings>.Default`.
  public typealias Default = SharedKeyDefault<Self>
}

extension Shared {
  /// The value `key` names, or the key's default while nothing is stored there.
  public init<Base: SharedKey>(_ key: SharedKeyDefault<Base>) where Base.Value == Value {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// The value `key` names, or `wrappedValue` — which wins over the key's own default — while
  /// nothing is stored there.
  public init<Base: SharedKey>(
    wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Base>
  ) where Base.Value == Value {
    let dependencies = DependencyValues._current
    self.init(
      reference: dependencies.sharedRoots.root(
        for: key, defaultValue: wrappedValue, tracker: dependencies.sharedChangeTracker
      )
    )
  }
}

extension SharedReader {
  /// The value `key` names, or the key's default while nothing is stored there.
  public init<Base: SharedKey>(_ key: SharedKeyDefault<Base>) where Base.Value == Value {
    self.init(Shared(key))
  }
}
