/// The actions of a presented child: its own actions, or the request to dismiss it.
@CasePathable
public enum PresentationAction<Action> {
  /// Ends the presentation: the parent sees this action while the child is still there, then
  /// the child's state becomes `nil` and its effects are cancelled.
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
