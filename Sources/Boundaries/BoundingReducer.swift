import Composable

/// A reducer that handles each kind of action in its own function.
///
/// ```swift
/// struct Stepper: BoundingReducer {
///   func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
///     switch action {
///     case .plusTapped: state.count += 1
///     case .minusTapped: state.count = max(0, state.count - 1)
///     }
///     return .none
///   }
/// }
/// ```
///
/// Internal and delegate actions do nothing unless you implement their functions. A feature
/// usually ignores its own delegate actions: they are for its parent.
public protocol BoundingReducer: Reducer where Action: TCAFeatureAction {
  func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action>
  func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action>
  func reduce(into state: inout State, delegateAction action: Action.DelegateAction) -> Effect<Action>
}

extension BoundingReducer {
  @inlinable
  public func reduce(
    into state: inout State, internalAction action: Action.InternalAction
  ) -> Effect<Action> {
    .none
  }

  @inlinable
  public func reduce(
    into state: inout State, delegateAction action: Action.DelegateAction
  ) -> Effect<Action> {
    .none
  }

  /// Sends `action` to the reduce function of its kind.
  @inlinable
  public func reduceCore(into state: inout State, action: Action) -> Effect<Action> {
    switch action.kind {
    case let .view(action): reduce(into: &state, viewAction: action)
    case let ._internal(action): reduce(into: &state, internalAction: action)
    case let .delegate(action): reduce(into: &state, delegateAction: action)
    }
  }
}

extension BoundingReducer where Action.ViewAction == Never {
  /// A feature no screen operates directly (a row whose only control is a child) has no view
  /// actions to handle.
  @inlinable
  public func reduce(into state: inout State, viewAction action: Never) -> Effect<Action> {}
}

extension BoundingReducer where Body == Never {
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceCore(into: &state, action: action)
  }
}
