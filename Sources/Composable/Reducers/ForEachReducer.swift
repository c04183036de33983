import IdentifiedCollections
import IssueReporting
import OrderedCollections

extension Reducer {
  /// Runs `element` on the element of an identified array that an action is addressed to, then
  /// this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// The element runs first, so it can react to its action before the parent removes it. The
  /// element is found by id and changed in place: the cost of an element action does not depend
  /// on the number of elements. An action for an id that is not in the array is reported as a
  /// problem (a test fails) and ignored. Whenever an element leaves the array — whatever action
  /// removed it — the effects it started are cancelled; an element's cancel ids are its own, so
  /// a row cannot cancel its parent's or another row's effects.
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKey<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<State, Action> where Action: CasePathable {
    ForEachReducer(
      parent: self,
      elements: toElementsState,
      action: Action.casePath(toElementAction),
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `forEach` with the action named by a case path value: for libraries that build their own
  /// case paths (the boundaries helpers). Features name the case with a key, as above.
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    casePath toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<State, Action> {
    ForEachReducer(
      parent: self,
      elements: toElementsState,
      action: toElementAction,
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer `forEach` returns.
public struct ForEachReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  package init<ElementState, ElementAction, ID: Hashable & Sendable>(
    parent: some Reducer<State, Action>,
    elements toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    element: some Reducer<ElementState, ElementAction>,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let element = element._resolved()
    let collection = ObjectIdentifier(toElementsState)
    let working = ElementsWithEffects<ID>()
    self.run = { state, action in
      var elementEffect = Effect<Action>.none
      if case let .element(id, elementAction)? = toElementAction.extract(from: action) {
        if let index = state[keyPath: toElementsState].index(id: id) {
          let effect = element.reduce(
            into: &state[keyPath: toElementsState][index], action: elementAction
          )
          if !effect.isNone {
            if !effect.isSynchronous { working.ids.insert(id) }
            let scope = EffectID(ElementEffectID(collection: collection, element: id))
            elementEffect = effect
              .cancellationScoped(to: scope)
              .map { toElementAction.embed(.element(id: id, action: $0)) }
              .cancellable(id: scope)
          }
        } else {
          callSite.reportIssue(
            """
            A 'forEach' received an action for an element that is not in the collection.

              Action:
                \(action)
              Missing id:
                \(id)

            Something removed the element before this action arrived — often an effect that \
            outlived its row. Cancel the row's effects when removing it, or ignore late actions.
            """
          )
        }
      }
      // Only elements that started work that outlives the action have anything to cancel;
      // while there are none (the usual case), no action pays for looking.
      guard !working.ids.isEmpty else {
        let parentEffect = parent.reduce(into: &state, action: action)
        return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
      }
      let idsBefore = state[keyPath: toElementsState].ids
      let parentEffect = parent.reduce(into: &state, action: action)
      let removalEffect: Effect<Action> = working.cancelEffects(
        ofElementsRemovedFrom: idsBefore, in: state[keyPath: toElementsState],
        collection: collection
      )
      if elementEffect.isNone, removalEffect.isNone { return parentEffect }
      return .merge(elementEffect, parentEffect, removalEffect)
    }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

/// The ids of the elements of one `forEach` (in one store) that started asynchronous work, which
/// may still be running: the elements whose removal must cancel something.
@usableFromInline
final class ElementsWithEffects<ID: Hashable & Sendable> {
  @usableFromInline var ids: Set<ID> = []

  @usableFromInline
  init() {}

  /// Cancels the effects of every element with work that was in `idsBefore` and is not in
  /// `elements`, whichever action removed it. When the ids' storage is the one from before,
  /// nothing was removed and nothing is compared: that costs two word comparisons.
  @inlinable
  func cancelEffects<Element, Action>(
    ofElementsRemovedFrom idsBefore: OrderedSet<ID>,
    in elements: IdentifiedArray<ID, Element>,
    collection: ObjectIdentifier
  ) -> Effect<Action> {
    let idsAfter = elements.ids
    let unchanged = withUnsafeBytes(of: idsBefore) { before in
      withUnsafeBytes(of: idsAfter) { after in before.elementsEqual(after) }
    }
    if unchanged { return .none }
    var cancellations: [Effect<Action>] = []
    for id in ids where elements[id: id] == nil {
      ids.remove(id)
      cancellations.append(.cancel(id: EffectID(ElementEffectID(collection: collection, element: id))))
    }
    return .merge(cancellations)
  }
}

/// Effects of one element of one collection.
@usableFromInline
struct ElementEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  let collection: ObjectIdentifier
  let element: ID

  @usableFromInline
  init(collection: ObjectIdentifier, element: ID) {
    self.collection = collection
    self.element = element
  }
}
