/// A reducer that changes nothing and starts nothing.
///
/// The empty body of a builder, and the child of an alert presented with `ifLet(_:action:)`.
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
