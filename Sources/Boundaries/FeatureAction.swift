import Composable

/// The actions of a feature, in three bounded kinds.
///
/// ```swift
/// struct Cart: ComposedBoundingReducer {
///   typealias Action = FeatureAction<ViewAction, InternalAction, DelegateAction>
///   enum ViewAction { case payTapped, closeTapped }          // what the screen may send
///   enum InternalAction { case orderResponse(…), items(…) }   // effect results, children
///   enum DelegateAction { case orderCompleted }               // what it tells its parent
/// }
/// ```
///
/// - `view`: what a screen sends. A screen gets a store that can send nothing else
///   (``ViewOnlyStoreOf``).
/// - `_internal`: the answers of the feature's own effects and the actions of its children. Only
///   the feature itself produces them.
/// - `delegate`: how the feature tells its parent something. The parent listens to these instead
///   of matching on the child's view actions, so the child can change how it is operated without
///   breaking its parent.
///
/// A generic enum rather than a convention: a fourth kind cannot creep in, and generic code
/// (``BoundingReducer``) can switch over the kinds directly, with no reflection and no case key
/// paths on the hot path.
@CasePathable
public enum FeatureAction<ViewAction, InternalAction, DelegateAction> {
  case view(ViewAction)
  case _internal(InternalAction)
  case delegate(DelegateAction)
}

extension FeatureAction: Equatable
where ViewAction: Equatable, InternalAction: Equatable, DelegateAction: Equatable {}
extension FeatureAction: Hashable
where ViewAction: Hashable, InternalAction: Hashable, DelegateAction: Hashable {}
extension FeatureAction: Sendable
where ViewAction: Sendable, InternalAction: Sendable, DelegateAction: Sendable {}

extension FeatureAction: TCAFeatureAction {
  @inlinable
  public var kind: Self { self }
}
