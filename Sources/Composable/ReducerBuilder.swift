/// Builds a reducer from the reducers listed in a `body` or an operator's trailing closure.
///
/// Listed reducers run in order on the same state; their effects are merged. `if`, `if`/`else`
/// and `for` choose and repeat reducers when the body is resolved (see ``Reducer``), not per
/// action.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// A reducer known only as `any Reducer<State, Action>` (chosen at run time, say): it is
  /// resolved where the body is, and runs like any other line.
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  @inlinable
  public static func buildPartialBlock(
    accumulated: some Reducer<State, Action>,
    next: some Reducer<State, Action>
  ) -> ReducerSequence<State, Action> {
    ReducerSequence(accumulated, next)
  }

  /// An `if` without `else`. It returns `R?` rather than a resolved reducer so that the branch
  /// the condition skips (`buildOptional(nil)`) has a type to be.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> R? {
    reducer
  }

  @inlinable
  public static func buildEither(
    first reducer: some Reducer<State, Action>
  ) -> ResolvedReducer<State, Action> {
    reducer._resolved()
  }

  @inlinable
  public static func buildEither(
    second reducer: some Reducer<State, Action>
  ) -> ResolvedReducer<State, Action> {
    reducer._resolved()
  }

  /// A `for` loop in a body: the reducers it lists run in order, their effects merged.
  @inlinable
  public static func buildArray(
    _ reducers: [some Reducer<State, Action>]
  ) -> ResolvedReducer<State, Action> {
    let resolved = reducers.map { $0._resolved() }
    return ResolvedReducer { state, action in
      var effects: [Effect<Action>] = []
      for reducer in resolved {
        let effect = reducer.reduce(into: &state, action: action)
        if !effect.isNone { effects.append(effect) }
      }
      return effects.count <= 1 ? (effects.first ?? .none) : .merge(effects)
    }
  }

  @inlinable
  public static func buildLimitedAvailability(
    _ reducer: some Reducer<State, Action>
  ) -> ResolvedReducer<State, Action> {
    reducer._resolved()
  }
}

/// Two reducers run one after the other; what a builder makes of consecutive lines.
public struct ReducerSequence<State, Action>: Reducer {
  @usableFromInline
  let first: ResolvedReducer<State, Action>
  @usableFromInline
  let second: ResolvedReducer<State, Action>

  @inlinable
  init(_ first: some Reducer<State, Action>, _ second: some Reducer<State, Action>) {
    self.first = first._resolved()
    self.second = second._resolved()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    if firstEffect.isNone { return secondEffect }
    if secondEffect.isNone { return firstEffect }
    return .merge(firstEffect, secondEffect)
  }
}

/// An optional reducer — what an `if` without `else` builds — runs its reducer when there is one.
extension Optional: Reducer where Wrapped: Reducer {
  public typealias State = Wrapped.State
  public typealias Action = Wrapped.Action
  public typealias Body = Never

  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    self?.reduce(into: &state, action: action) ?? .none
  }

  @inlinable
  public func _resolved() -> ResolvedReducer<Wrapped.State, Wrapped.Action> {
    self?._resolved() ?? EmptyReducer()._resolved()
  }
}
