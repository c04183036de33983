import Dependencies

extension Effect {
  /// Runs all `effects` at the same time.
  @inlinable
  public static func merge(_ effects: Effect...) -> Self {
    merge(effects)
  }

  /// Runs all `effects` at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Effect>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  @inlinable
  public static func concatenate(_ effects: Effect...) -> Self {
    concatenate(effects)
  }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Effect>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// This effect and `other`, at the same time.
  @inlinable
  public func merge(with other: Effect) -> Self {
    .merge(self, other)
  }

  /// This effect, then `other`.
  @inlinable
  public func concatenate(with other: Effect) -> Self {
    .concatenate(self, other)
  }

  /// The same work, with every action it sends transformed: how a parent runs a child's effects.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, work):
      // The transform runs later, in the effect's task; it sees the dependencies of the place
      // that called `map`, as `.send`'s transform does, running now.
      let dependencies = DependencyValues._current
      return Effect<NewAction>(
        .run(priority: priority) { send in
          await work(Send { action in
            send(DependencyValues.$_current.withValue(dependencies) { transform(action) })
          })
        }
      )
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.map(transform))
      )
    case let .cancel(id):
      return Effect<NewAction>(.cancel(id: id))
    }
  }

  /// Whether all of this effect happens at once, with no task: sends and cancellations.
  @usableFromInline
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect): effect.isSynchronous
    }
  }

  /// Whether this effect does nothing. A store starts no task for it.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
