/// A feature's logic: how its state changes for each action, and which effects that starts.
///
/// A reducer is either a *leaf*, implementing ``reduce(into:action:)``, or a *composite*,
/// describing itself as a ``body`` built from other reducers:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment, decrement }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// ## Bodies are resolved once
///
/// The Composable Architecture evaluates `body` again for every action. Here a ``Store`` or
/// ``TestStore`` asks its reducer for a ``ResolvedReducer`` once, when it is created: every
/// composite's `body` is evaluated a single time, inside the store's dependency context, and
/// each operator (``Scope``, `forEach`, `ifLet`, …) keeps its child already resolved. An
/// action then costs only the work its reducers do, with no rebuilding of the reducer tree and
/// no allocation when it starts no effect. A consequence worth knowing: `body` must describe the
/// reducer, not compute from time or state — which is what a body is for anyway.
public protocol Reducer<State, Action> {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer understands.
  associatedtype Action
  /// The type of ``body``; `Never` for a leaf reducer.
  associatedtype Body

  /// Changes `state` for `action` and returns the effect to run next, or `.none`.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, for a composite reducer.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// This reducer, ready to run: a composite's body is evaluated here, once.
  ///
  /// Provided for every reducer; do not implement it yourself.
  func _resolved() -> ResolvedReducer<State, Action>
}

/// The reducer protocol constrained to another reducer's domain: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A leaf reducer has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body: it implements 'reduce(into:action:)' instead. \
      Do not call 'body' on a leaf reducer.
      """
    )
  }

  @inlinable
  public func _resolved() -> ResolvedReducer<State, Action> {
    ResolvedReducer(self.reduce(into:action:))
  }
}

/// These two are written with `Body.State` and `Body.Action` rather than `State` and `Action` on
/// purpose: that lets Swift infer a composite's `State` and `Action` from its body's type alone, so
/// `struct Toggle: Reducer { var body: some Reducer<Bool, Void> { … } }` needs no typealiases.
extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A composite reducer runs its body.
  ///
  /// Stores never call this (they run the resolved body); it is here so that a composite can be
  /// run directly, for example from another reducer's `reduce`.
  @inlinable
  public func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    body.reduce(into: &state, action: action)
  }

  @inlinable
  public func _resolved() -> ResolvedReducer<Body.State, Body.Action> {
    body._resolved()
  }
}
