import Composable

/// A store that can read a feature's state and send only its view actions: what a screen gets.
///
/// Internal and delegate actions cannot be sent through it — the compiler refuses — so a screen
/// can never fake an effect's answer or speak for a child.
public typealias ViewOnlyStoreOf<R: Reducer> = Store<R.State, R.Action.ViewAction>
where R.Action: TCAFeatureAction, R.Action.ViewAction: Sendable

extension Store where Action: TCAFeatureAction, Action.ViewAction: Sendable {
  /// This store, restricted to view actions.
  @inlinable
  public var viewScope: Store<State, Action.ViewAction> {
    scope(state: \.self, action: Action.viewCase)
  }
}

extension Store where Action: TCAFeatureAction, Action.InternalAction: CasePathable & SendableMetatype {
  /// A store for a child whose actions live in `Action.InternalAction`:
  /// `store.scope(state: \.profile, action: \.profile)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKey<Action.InternalAction, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: Action.internalCase(toChildAction))
  }

  /// A store for an optional or presented child whose actions live in `Action.InternalAction`,
  /// or `nil` while it is absent: `store.scope(state: \.cart, action: \.cart.presented)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKey<Action.InternalAction, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: Action.internalCase(toChildAction))
  }
}
