import CustomDump
import Dependencies

/// A value several features hold at once — preferences, an address book — that each sees change
/// when another changes it, and that can live in a file: the Composable Architecture's `@Shared`.
///
/// ```swift
/// @ObservableState struct State {
///   @Shared(.fileStorage(.preferences)) var preferences = Preferences()
/// }
/// // in a reducer, or an effect:
/// state.$preferences.withLock { $0.theme = .dark }
/// ```
///
/// It is a reference: copies of a state hold the same value. It is read like a property and
/// changed only through ``withLock(_:)``, so a change from a reducer and one from an effect never
/// interleave. With a key (``SharedKey``), the value is loaded from where the key says the first
/// time any feature declares it, saved there after each change, and follows changes made there
/// by other programs.
///
/// In a ``TestStore`` a shared change is asserted like any other state change, in the closure:
/// `$0.$count.withLock { $0 = 1 }`. A change the test does not assert fails an exhaustive test,
/// as any unasserted change does.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// A value shared by whoever is handed it, kept in memory only.
  public init(value: Value) {
    reference = SharedRoot(value: value, tracker: DependencyValues._current.sharedChangeTracker)
  }

  /// The value `key` names; `wrappedValue` when nothing is stored there yet, or what is stored
  /// cannot be read (then ``loadError`` says why).
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    let dependencies = DependencyValues._current
    reference = dependencies.sharedRoots.root(
      for: key, defaultValue: wrappedValue, tracker: dependencies.sharedChangeTracker
    )
  }

  /// `@Shared var preferences: Preferences`, set from a shared value handed in:
  /// `_preferences = preferences` (or `self._preferences = $preferences` from another feature).
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value of a shared optional, while it has one: `Shared($syncUps[id: id])`, the one
  /// element of a shared collection a detail screen edits. `nil` when the optional is `nil` now.
  /// Should the value go later (the element was deleted), this keeps the last value it saw and
  /// its changes go nowhere.
  public init?(_ optional: Shared<Value?>) {
    guard let reference = SharedUnwrapping(parent: optional.reference) else { return nil }
    self.reference = reference
  }

  /// The value, as it is now.
  public var wrappedValue: Value { reference.value }

  /// The shared value itself: `$preferences`, to change it, hand it on or watch it.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value: no other change can happen between its reading and its writing.
  /// Returns what `body` returns.
  @discardableResult
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(body)
  }

  /// A part of the value, shared with it: `$user.address`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(reference: SharedProjection(parent: reference, keyPath: keyPath))
  }

  /// Why the stored value could not be read, when it could not.
  public var loadError: (any Error)? { reference.loadError }

  /// Why the last change could not be stored, when it could not.
  public var saveError: (any Error)? { reference.saveError }

  /// Each value the shared value takes from now on — changed by this program or, for a key
  /// that watches, by another — for an effect to follow. Holds only the newest value while the
  /// consumer is busy.
  public var changes: AsyncStream<Value> { reference.changes }
}

extension Shared: Equatable where Value: Equatable {
  /// Shared values are equal when their values are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: CustomStringConvertible {
  public var description: String { "Shared(\(wrappedValue))" }
}

extension Shared: SharedValueReflecting {
  var trackedRoot: any TrackedShared { reference.trackedRoot }
}
