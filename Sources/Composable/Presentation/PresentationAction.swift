/// The actions of a presented child: its own actions, or the request to dismiss it.
///
/// Its case paths skip `.presented`, as the Composable Architecture's do: `\.alert.confirmTapped`
/// is the child's `confirmTapped` inside `.presented`, so a test writes
/// `store.send(\.alert.confirmTapped)`. `\.alert.presented` and `\.alert.dismiss` name the cases
/// themselves.
public enum PresentationAction<Action> {
  /// Ends the presentation: the parent sees this action while the child is still there, then
  /// the child's state becomes `nil` and its effects are cancelled.
  case dismiss
  /// An action of the presented child. `indirect`, so that a child of the parent's own type can
  /// be presented (its actions contain this enum).
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
  /// The case paths of a presentation action: `dismiss`, `presented`, and — through dynamic
  /// member lookup — every case of the child's action, inside `presented`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the child's action, reached without writing `presented`.
    public subscript<ChildValue>(
      dynamicMember key: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildValue>>
    ) -> AnyCasePath<PresentationAction, ChildValue> where Action: CasePathable & SendableMetatype {
      let child = Action.allCasePaths[keyPath: key]
      return AnyCasePath(
        embed: { .presented(child.embed($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return child.extract(from: action)
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
