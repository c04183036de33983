import Composable

/// An action made of view, internal and delegate actions (see ``FeatureAction``).
///
/// ``FeatureAction`` is the ready-made conforming type. Your own enum can conform too; it then
/// says which kind each of its values is:
///
/// ```swift
/// @CasePathable
/// enum Action: TCAFeatureAction {
///   case view(ViewAction)
///   case _internal(InternalAction)
///   case delegate(DelegateAction)
///
///   var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> {
///     switch self {
///     case let .view(action): .view(action)
///     case let ._internal(action): ._internal(action)
///     case let .delegate(action): .delegate(action)
///     }
///   }
/// }
/// ```
public protocol TCAFeatureAction<ViewAction, InternalAction, DelegateAction>:
  CasePathable, SendableMetatype
{
  /// What a screen may send.
  associatedtype ViewAction
  /// Effect results and child actions: produced only by the feature itself.
  associatedtype InternalAction
  /// What the feature tells its parent.
  associatedtype DelegateAction

  static func view(_ action: ViewAction) -> Self
  static func _internal(_ action: InternalAction) -> Self
  static func delegate(_ action: DelegateAction) -> Self

  /// This action as one of the three kinds.
  var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> { get }
}

extension TCAFeatureAction {
  /// The case path of the view actions.
  @inlinable
  public static var viewCase: AnyCasePath<Self, ViewAction> {
    AnyCasePath(
      embed: { Self.view($0) },
      extract: {
        guard case let .view(action) = $0.kind else { return nil }
        return action
      }
    )
  }

  /// The case path of one view action that carries a child's actions — an alert's buttons are
  /// pressed by the user, so its actions are view actions: `viewCase(\.alert)`.
  @inlinable
  public static func viewCase<ChildAction>(
    _ key: CaseKey<ViewAction, ChildAction>
  ) -> AnyCasePath<Self, ChildAction> where ViewAction: CasePathable & SendableMetatype {
    let child = ViewAction.casePath(key)
    return AnyCasePath(
      embed: { Self.view(child.embed($0)) },
      extract: {
        guard case let .view(action) = $0.kind else { return nil }
        return child.extract(from: action)
      }
    )
  }

  /// The case path of a child's actions kept under `_internal`: `internalCase(\.cart)`.
  @inlinable
  public static func internalCase<ChildAction>(
    _ key: CaseKey<InternalAction, ChildAction>
  ) -> AnyCasePath<Self, ChildAction> where InternalAction: CasePathable & SendableMetatype {
    let child = InternalAction.casePath(key)
    return AnyCasePath(
      embed: { Self._internal(child.embed($0)) },
      extract: {
        guard case let ._internal(action) = $0.kind else { return nil }
        return child.extract(from: action)
      }
    )
  }
}
