import ConcurrencyExtras

/// The identifier under which effects can be cancelled: any hashable, sendable value.
///
/// Cancellation is per store. Two stores (or two tests) using the same identifier never cancel
/// each other's work.
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  let base: AnyHashableSendable

  public init(_ base: some Hashable & Sendable) {
    self.base = AnyHashableSendable(base)
  }

  public var description: String { String(describing: base.base) }
}

extension Effect {
  /// Marks this effect as cancellable under `id`.
  ///
  /// - Parameter cancelInFlight: Cancel any effect already running under `id` before starting
  ///   this one. This is how a search keeps only the latest request alive.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone, !cancelInFlight { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, effect: self))
  }

  /// Cancels every effect running under `id`. Actions they send afterwards are dropped.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }
}
