/// A reducer made from a closure: the usual home of a composite feature's own logic.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action { … }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps another reducer, resolved now (its body is evaluated once, here): how a reducer held
  /// as `any Reducer<State, Action>` joins a body.
  @inlinable
  public init(_ reducer: some Reducer<State, Action>) {
    let resolved = reducer._resolved()
    self.reduce = { state, action in resolved.reduce(into: &state, action: action) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
