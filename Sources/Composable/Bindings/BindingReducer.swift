import CasePaths

/// Applies every binding action to the state, and nothing else: put it first in a form
/// feature's body, and the `Reduce` after it sees the state already changed (to validate a field,
/// say).
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()                  // Action: BindableAction
///   BindingReducer(action: \.view)    // or: the view's actions are the bindable ones
///   Reduce { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action>: Reducer {
  @usableFromInline
  let toBinding: (Action) -> BindingAction<State>?

  /// For a feature whose own action is bindable.
  public init() where Action: BindableAction, Action.State == State {
    toBinding = { $0.binding }
  }

  /// For a feature whose bindable actions are one case of its action: `action: \.view`.
  public init<ViewAction: BindableAction>(action toViewAction: CaseKey<Action, ViewAction>)
  where Action: CasePathable, ViewAction.State == State {
    let casePath = Action.casePath(toViewAction)
    toBinding = { casePath.extract(from: $0)?.binding }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding(action)?.apply(to: &state)
    return .none
  }
}
