/// A reducer whose body has been evaluated: the function a store actually calls per action.
///
/// Operators keep their children in this form so that a reducer tree is built once per store
/// (see "Bodies are resolved once" on ``Reducer``). You rarely name this type; it is what
/// `_resolved()` returns.
public struct ResolvedReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  public init(_ run: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = run
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  @inlinable
  public func _resolved() -> ResolvedReducer<State, Action> {
    self
  }
}
