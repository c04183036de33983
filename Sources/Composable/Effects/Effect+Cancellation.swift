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
  /// - Parameters:
  ///   - id: What ``cancel(id:)`` names to end it: any hashable, sendable value.
  ///   - cancelInFlight: Cancel any effect already running under `id` before starting this one.
  ///     This is how a search keeps only the latest request alive.
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

extension EffectID {
  /// This id, private to the child that `scope` names.
  @usableFromInline
  func scoped(in scope: EffectID) -> EffectID {
    EffectID(ScopedEffectID(scope: scope, id: self))
  }
}

/// An effect id used inside one child — one row of a `forEach`, one presentation — which only
/// that child's own effects can use.
struct ScopedEffectID: Hashable, Sendable, CustomStringConvertible {
  let scope: EffectID
  let id: EffectID

  var description: String { "\(id) in \(scope)" }
}

extension Effect {
  /// This effect with every id it cancels or is cancellable under made private to `scope`.
  ///
  /// `forEach` and presentation run a child's effects through this, so that a child's
  /// `.cancel(id:)` reaches only that child's own effects: not its parent's, not a sibling
  /// row's that happens to use the same id (as the Composable Architecture's navigation ids
  /// keep them apart).
  @usableFromInline
  func cancellationScoped(to scope: EffectID) -> Self {
    switch operation {
    case .none, .send:
      return self
    case let .run(priority, work):
      // So that `Task.cancel(id:)` inside the work names the child's own ids, as `.cancel(id:)`
      // from its reducer does.
      return Self(.run(priority: priority) { send in
        await EffectContext.$scopes.withValue(EffectContext.scopes + [scope]) { await work(send) }
      })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.cancellationScoped(to: scope) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.cancellationScoped(to: scope) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        .cancellable(
          id: id.scoped(in: scope), cancelInFlight: cancelInFlight,
          effect: effect.cancellationScoped(to: scope)
        )
      )
    case let .cancel(id):
      return Self(.cancel(id: id.scoped(in: scope)))
    }
  }
}
