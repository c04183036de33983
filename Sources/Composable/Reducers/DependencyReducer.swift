import Dependencies

extension Reducer {
  /// This reducer with one dependency replaced, for it and for the effects it starts:
  /// `Child().dependency(\.uuid, .incrementing)`.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> DependencyReducer<Self> {
    DependencyReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer with one dependency changed from what its store gives it:
  /// `Child().transformDependency(\.apiClient) { $0.fetchProducts = { [] } }`.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyReducer<Self> {
    DependencyReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

extension DependencyReducer {
  /// Another dependency change on a reducer that already has some: one reducer, not two. The
  /// change written outside is applied first, so the one written nearer the base wins, as it
  /// would nested: `Feature().dependency(\.x, 1).dependency(\.x, 2)` reads 1.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> DependencyReducer<Base> {
    let inner = update
    return DependencyReducer(base: base) { values in
      values[keyPath: keyPath] = value
      inner(&values)
    }
  }

  /// The same fusion for a transform: the outer transform runs first, the inner one sees its
  /// result.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyReducer<Base> {
    let inner = update
    return DependencyReducer(base: base) { values in
      transform(&values[keyPath: keyPath])
      inner(&values)
    }
  }
}

/// The name the Composable Architecture gives the reducer of `dependency(_:_:)`.
public typealias _DependencyKeyWritingReducer<Base: Reducer> = DependencyReducer<Base>

/// The reducer `dependency(_:_:)` and `transformDependency(_:transform:)` return.
///
/// The change is applied once, to the store's dependencies, when the store resolves its reducer
/// (see "Bodies are resolved once" on ``Reducer``). The base then reduces inside the changed
/// dependencies, and every effect it returns runs inside them, so `@Dependency` reads the same
/// value in the reducer and in its effects.
public struct DependencyReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @inlinable
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _resolved().reduce(into: &state, action: action)
  }

  public func _resolved() -> ResolvedReducer<Base.State, Base.Action> {
    // `withDependencies` marks the update as a write, so reading the old value on the way (a
    // key path write reads before it writes) does not count as using an unset dependency.
    let changed = withDependencies(update) { DependencyValues._current }
    let base = withDependencies { $0 = changed } operation: { self.base._resolved() }
    return ResolvedReducer { state, action in
      let effect = DependencyValues.$_current.withValue(changed) {
        base.reduce(into: &state, action: action)
      }
      if effect.isNone { return effect }
      return effect.wrappingRuns { work, send in
        await DependencyValues.$_current.withValue(changed) { await work(send) }
      }
    }
  }
}
