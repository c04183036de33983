import Composable

/// A bounding reducer with children: its `body` lists them around ``coreReducer``, the
/// feature's own three reduce functions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   coreReducer
///     .forEach(\.rows, action: \.rows) { Row() }   // children live under `_internal`
///     .ifLet(\.$cart, action: \.cart) { Cart() }
/// }
/// ```
public protocol ComposedBoundingReducer: BoundingReducer
where Body: Reducer, Body.State == State, Body.Action == Action {}

extension ComposedBoundingReducer {
  /// The feature's own logic — its view, internal and delegate reduce functions — as a reducer
  /// to place in `body`.
  @inlinable
  public var coreReducer: Reduce<State, Action> {
    Reduce(reduceCore)
  }
}
