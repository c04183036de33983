import CasePaths

/// What happens to a navigation stack: an action of one of its elements, a pop, or a push.
///
/// A feature keeps it in one case, `case path(StackActionOf<Path>)`, and runs the elements with
/// `.forEach(\.path, action: \.path) { Path() }`. A test names an element's action by its id:
/// `store.receive(\.path[id: 0].delegate.deleted)`.
public enum StackAction<State, Action> {
  /// `action` for the element whose id is `id`. `indirect`, so that an element may hold the
  /// feature that holds the stack.
  indirect case element(id: StackElementID, action: Action)
  /// Removes the element with `id` and every element above it: what a back button, Esc, or the
  /// element's own `dismiss` sends. The feature sees the action while the elements are still
  /// there.
  case popFrom(id: StackElementID)
  /// Puts `state` on the stack under `id`: a push chosen outside the reducers (a link followed,
  /// a test). `state.path.append(…)` in a reducer is the usual way to push.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack actions of the elements' reducer, or of their `@Reducer enum`: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: CasePathable {
  /// The case paths of a stack action, and `[id:]`: the actions of one element.
  public struct AllCasePaths: Sendable {
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element whose id is `id`: `\.path[id: 0].delegate`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension AnyCasePath {
  /// The actions of one element of a stack, in a longer case key: `\.path[id: 0].saveTapped`.
  public subscript<ElementState, ElementAction>(
    id id: StackElementID
  ) -> AnyCasePath<Root, ElementAction> where Value == StackAction<ElementState, ElementAction> {
    AnyCasePath<Root, ElementAction>(
      embed: { self.embed(.element(id: id, action: $0)) },
      extract: { root in
        guard case let .element(elementID, action)? = self.extract(from: root), elementID == id
        else { return nil }
        return action
      }
    )
  }
}
