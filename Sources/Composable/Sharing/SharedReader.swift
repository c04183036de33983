import CustomDump
import Dependencies

/// A shared value this feature reads and never changes: `@SharedReader(.inMemory("count")) var
/// count = 0`, or handed a ``Shared`` by a feature that may change it. It sees every change.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let reference: any SharedReference<Value>

  /// Reads what `shared` holds, as it changes.
  public init(_ shared: Shared<Value>) {
    reference = shared.reference
  }

  /// A constant: a reader of a value nobody changes (previews, tests).
  public init(value: Value) {
    reference = SharedRoot(value: value, tracker: DependencyValues._current.sharedChangeTracker)
  }

  /// The value `key` names, or `wrappedValue` when nothing is stored there yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(Shared(wrappedValue: wrappedValue(), key))
  }

  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value, as it is now.
  public var wrappedValue: Value { reference.value }

  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A part of the value: `$user.name`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(reference: SharedProjection(parent: reference, keyPath: keyPath))
  }

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// Why the stored value could not be read, when it could not.
  public var loadError: (any Error)? { reference.loadError }

  /// Each value from now on; see ``Shared/changes``.
  public var changes: AsyncStream<Value> { reference.changes }
}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: SharedValueReflecting {
  var trackedRoot: any TrackedShared { reference.trackedRoot }
}
