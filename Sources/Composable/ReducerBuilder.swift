/// Builds a reducer from the reducers listed in a `body` or an operator's trailing closure.
///
/// Listed reducers run in order on the same state; their effects are merged. `if` and
/// `if`/`else` choose reducers when the body is resolved (see ``Reducer``), not per action.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
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

  @inlinable
  public static func buildOptional(
    _ reducer: (some Reducer<State, Action>)?
  ) -> ResolvedReducer<State, Action> {
    reducer?._resolved() ?? EmptyReducer()._resolved()
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
