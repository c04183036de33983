/// An action for one element of a collection, addressed by the element's id.
///
/// A list feature keeps its rows' actions in one case, `case rows(IdentifiedActionOf<Row>)`,
/// and runs the row reducer with `.forEach(\.rows, action: \.rows) { Row() }`.
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// `action` for the element whose id is `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The identified actions of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension AnyCasePath {
  /// The actions of one element: `\.rows[id: 3]` in a case key, for tests and scoping.
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> AnyCasePath<Root, ElementAction> where Value == IdentifiedAction<ID, ElementAction> {
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
