import CustomDump
import IssueReporting
import Synchronization

/// The state of a child a feature presents — a sheet, an alert — or `nil` while nothing is shown.
///
/// ```swift
/// struct State {
///   @Presents var cart: CartFeature.State?
/// }
/// // in the body:
/// .ifLet(\.$cart, action: \.cart) { CartFeature() }
/// ```
///
/// Besides the child's state it remembers *which* presentation this is: each time the value goes
/// from `nil` to a state, or is replaced by a child with another `id` (for an `Identifiable`
/// child) or in another case (for an enum of destinations), it gets a new ``PresentationID``. The presentation reducer uses it to
/// cancel the child's effects when that presentation ends, even if a new one has already begun.
/// Equality and dumps look only at the child's state.
@propertyWrapper
public struct PresentationState<State> {
  /// The child's state lives in a box, so that a feature can present a child of its own type
  /// (`@Presents var child: State?` inside `State`): a struct cannot hold itself, but it can
  /// hold a reference. The box is copied before it is changed whenever it is shared, so the
  /// state still behaves as a value.
  private var storage: Storage
  /// Identifies the current presentation; `nil` while nothing is presented.
  public private(set) var id: PresentationID?
  /// The presentation the presentation reducer last saw, whose effects may still run. It
  /// outlives the child: when a reducer that runs before `ifLet` dismisses the child, `ifLet`
  /// finds the ended presentation here and cancels its effects.
  var lastReducedID: PresentationID?

  public init(wrappedValue: State?) {
    self.storage = Storage(wrappedValue)
    self.id = wrappedValue == nil ? nil : PresentationID.next()
  }

  public var wrappedValue: State? {
    _read { yield storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage(storage.value)
      }
      let identityBefore = storage.value.map(Self.identity)
      yield &storage.value
      guard let value = storage.value else {
        id = nil
        return
      }
      // A child replaced by one with another identity is a new presentation.
      if identityBefore == nil || identityBefore! != Self.identity(of: value) {
        id = PresentationID.next()
      }
    }
  }

  /// What makes one presented child another: see ``childIdentity(of:)``.
  private static func identity(of value: State) -> AnyHashable? {
    childIdentity(of: value)
  }

  /// `$cart` in the parent's key paths: `.ifLet(\.$cart, action: \.cart)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  private final class Storage: @unchecked Sendable {
    var value: State?

    init(_ value: State?) {
      self.value = value
    }
  }
}

extension PresentationState where State: CasePathable {
  /// The presented destination's state if it is the case `key` names: a test writes
  /// `$0.$destination[case: \.cart]?.count = 2`. Setting it presents that case; setting `nil`
  /// dismisses the destination if it is that case.
  public subscript<Case>(case key: CaseKey<State, Case>) -> Case? {
    get { self[casePath: State.casePath(key)] }
    _modify { yield &self[casePath: State.casePath(key)] }
  }
}

extension PresentationState {
  /// What `[case:]` does, for a case path given as a value.
  ///
  /// Changing the case while another is presented — `$0.$destination[case: \.cart]?.count = 2`
  /// or `= nil` while an alert is up — is a mistake in the test or the feature: it is reported,
  /// and the presented state is left as it is.
  package subscript<Case>(casePath casePath: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap { casePath.extract(from: $0) } }
    _modify {
      let current = wrappedValue
      var value = current.flatMap { casePath.extract(from: $0) }
      let wasThatCase = value != nil
      yield &value
      if let value {
        wrappedValue = casePath.embed(value)
      } else if wasThatCase {
        wrappedValue = nil
      } else if let current {
        reportIssue(
          """
          A presentation's '[case:]' was changed for a case that is not presented; nothing \
          changed. Presented:

          \(String(customDumping: current))
          """
        )
      }
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue as Any }
}

/// One presentation of a child, unique for the life of the process.
public struct PresentationID: Hashable, Sendable, CustomStringConvertible {
  let rawValue: UInt64

  private static let counter = Atomic<UInt64>(0)

  static func next() -> Self {
    Self(rawValue: counter.add(1, ordering: .relaxed).newValue)
  }

  public var description: String { "presentation #\(rawValue)" }
}

/// What makes one child another for `ifLet`: its `id` when it is `Identifiable`; for an enum
/// (a destination), its case too — an alert replaced by a dialog is another child; otherwise
/// `nil`, and every value is the same child until it goes away.
func childIdentity(of value: Any) -> AnyHashable? {
  let id = (value as? any Identifiable).map { hashableID(of: $0) }
  guard isEnum(value) else { return id }
  let mirror = Mirror(reflecting: value)
  let payload = mirror.children.first
  return AnyHashable(
    EnumChildIdentity(
      caseName: payload?.label ?? String(describing: value),
      id: id ?? payload.flatMap { childIdentity(of: $0.value) }
    )
  )
}

/// Which case an enum child is in, and which child it holds there.
private struct EnumChildIdentity: Hashable {
  let caseName: String
  let id: AnyHashable?
}

/// Whether `value` is of an enum type, as `Mirror` (the standard library's reflection) tells:
/// asked once per type and remembered, since a presented child's identity is asked on every
/// change to it and a `Mirror` allocates. A type that shapes its own reflection
/// (`CustomReflectable`) is taken at its word; no presented state here does that.
func isEnum(_ value: Any) -> Bool {
  let type = ObjectIdentifier(Swift.type(of: value))
  if let known = enumTypes.withLock({ $0[type] }) { return known }
  let isEnum = Mirror(reflecting: value).displayStyle == .enum
  enumTypes.withLock { $0[type] = isEnum }
  return isEnum
}

/// Which types ``isEnum(_:)`` has seen, and whether each is an enum: one entry per type of
/// presented state the program has.
private let enumTypes = Mutex<[ObjectIdentifier: Bool]>([:])

private func hashableID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
