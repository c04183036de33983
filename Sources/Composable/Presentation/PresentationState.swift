import CustomDump
import Synchronization

/// The state of a child a feature presents — a sheet, an alert — or `nil` while nothing is shown.
///
/// ```swift
/// struct State {
///   @PresentationState var cart: CartFeature.State?
/// }
/// // in the body:
/// .ifLet(\.$cart, action: \.cart) { CartFeature() }
/// ```
///
/// Besides the child's state it remembers *which* presentation this is: each time the value goes
/// from `nil` to a state, or is replaced by a child with another `id` (for an `Identifiable`
/// child), it gets a new ``PresentationID``. The presentation reducer uses it to
/// cancel the child's effects when that presentation ends, even if a new one has already begun.
/// Equality and dumps look only at the child's state.
@propertyWrapper
public struct PresentationState<State> {
  private var value: State?
  /// Identifies the current presentation; `nil` while nothing is presented.
  public private(set) var id: PresentationID?

  public init(wrappedValue: State?) {
    self.value = wrappedValue
    self.id = wrappedValue == nil ? nil : PresentationID.next()
  }

  public var wrappedValue: State? {
    _read { yield value }
    _modify {
      let identityBefore = value.map(Self.identity)
      yield &value
      guard let value else {
        id = nil
        return
      }
      // A child replaced by one with another identity is a new presentation.
      if identityBefore == nil || identityBefore! != Self.identity(of: value) {
        id = PresentationID.next()
      }
    }
  }

  /// What makes one presented child another: its `id` when it is `Identifiable`; otherwise
  /// every non-`nil` value is the same presentation until it is dismissed.
  private static func identity(of value: State) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return hashableID(of: identifiable)
  }

  /// `$cart` in the parent's key paths: `.ifLet(\.$cart, action: \.cart)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomDumpRepresentable {
  public var customDumpValue: Any { value as Any }
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

private func hashableID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
