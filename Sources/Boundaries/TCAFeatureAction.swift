import Composable

/// An action made of view, internal and delegate actions, spelled as tca-boundaries spells it:
/// an enum with exactly these three cases.
///
/// ```swift
/// @BoundedAction
/// enum ExampleAction: TCAFeatureAction {
///   enum ViewAction: Equatable { case onTapLoginButton }
///   enum DelegateAction: Equatable { case notifyLoginSuccess }
///   enum InternalAction: Equatable { case loginResult(Bool) }
///
///   case view(ViewAction)
///   case delegate(DelegateAction)
///   case _internal(InternalAction)
/// }
/// ```
///
/// Generic code (``BoundingReducer``) reaches the three kinds through ``kind``. Inside a
/// `@Reducer` feature the macro writes it as a `switch` over the three cases; an enum declared on
/// its own gets the same `switch` from `@BoundedAction`, or writes `kind` by hand. An enum that
/// has none of these — the seed README's spelling, as written — still conforms: the default
/// `kind` reads the case's label and payload through `Mirror` (public reflection, slower: see
/// `TCAFeatureAction+ReflectedKind.swift`). The ready-made ``FeatureAction`` conforms too.
public protocol TCAFeatureAction<ViewAction, InternalAction, DelegateAction>: SendableMetatype {
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

/// Writes ``TCAFeatureAction/kind`` as a `switch` over the three cases, for a bounded action enum
/// declared on its own. `@Reducer` attaches it to a feature's bounded `Action` enum itself.
@attached(member, names: named(kind))
public macro BoundedAction() = #externalMacro(module: "ComposableMacros", type: "BoundedActionMacro")
