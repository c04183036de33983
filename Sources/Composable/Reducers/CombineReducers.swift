/// Runs several reducers on the same state and actions, in the order written, and merges their
/// effects.
///
/// A `body` already combines the reducers it lists; `CombineReducers` lets you apply one modifier
/// to a group of them.
public struct CombineReducers<State, Action>: Reducer {
  @usableFromInline
  let reducers: ResolvedReducer<State, Action>

  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> some Reducer<State, Action>
  ) {
    self.reducers = build()._resolved()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
