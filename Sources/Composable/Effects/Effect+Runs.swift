extension Effect {
  /// This effect with the work of every `.run` in it wrapped by `wrap`, which gets the work and
  /// the effect's `send` and must run the work once. Operators use it to give a child's effects
  /// a context — dependencies (`.dependency(_:_:)`), a way to dismiss (`@Dependency(\.dismiss)`).
  @usableFromInline
  func wrappingRuns(
    _ wrap: @escaping @Sendable (
      _ work: @escaping @Sendable (Send<Action>) async -> Void, _ send: Send<Action>
    ) async -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, work):
      return Self(.run(priority: priority) { send in await wrap(work, send) })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.wrappingRuns(wrap) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.wrappingRuns(wrap) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(.cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.wrappingRuns(wrap)))
    }
  }
}
