import Dependencies
import IssueReporting
import OrderedCollections

extension Reducer {
  /// Runs `destination` on the element of a navigation stack an action is addressed to, then
  /// this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  ///
  /// - `.element(id:action:)` runs the element first, so it sees its action before the parent
  ///   can pop it; an action for an id not on the stack is reported as a problem and ignored.
  /// - `.popFrom(id:)` runs this reducer while the elements are still there, then removes the
  ///   element and those above it.
  /// - `.push(id:state:)` puts the element on the stack, then runs this reducer.
  /// - Whenever an element leaves the stack — popped, or removed by any reducer — the effects it
  ///   started are cancelled. An element's cancel ids are its own.
  /// - An element's effects can pop it with `@Dependency(\.dismiss)`.
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKey<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<State, Action> where Action: CasePathable {
    self.forEach(
      toStackState, casePath: Action.casePath(toStackAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// `forEach` for a stack, with the action named by a case path value: for libraries that
  /// build their own case paths (the boundaries helpers). Features name the case with a key.
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    casePath toStackAction: AnyCasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<State, Action> {
    StackReducer(
      parent: self,
      stack: toStackState,
      action: toStackAction,
      element: destination(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// A stack of the screens of a `@Reducer enum Path`: `.forEach(\.path, action: \.path)`,
  /// with no trailing closure, as for a destination.
  @warn_unqualified_access
  public func forEach<ElementState: CaseReducerState>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKey<Action, StackAction<ElementState, ElementState.StateReducer.Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<State, Action> where Action: CasePathable {
    self.forEach(
      toStackState, casePath: Action.casePath(toStackAction), destination: { ElementState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The reducer `forEach` returns for a navigation stack.
public struct StackReducer<State, Action>: Reducer {
  let run: (inout State, Action) -> Effect<Action>

  init<ElementState, ElementAction>(
    parent: some Reducer<State, Action>,
    stack toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: AnyCasePath<Action, StackAction<ElementState, ElementAction>>,
    element: some Reducer<ElementState, ElementAction>,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let element = ResolvedOnFirstUse(element)
    let stack = ObjectIdentifier(toStackState)
    let working = ElementsWithEffects<StackElementID>()
    self.run = { state, action in
      var elementEffect = Effect<Action>.none
      let parentEffect: Effect<Action>

      switch toStackAction.extract(from: action) {
      case let .element(id, elementAction)?:
        if state[keyPath: toStackState][id: id] != nil {
          let effect = element.reducer.reduce(
            into: &state[keyPath: toStackState][id: id]!, action: elementAction
          )
          if !effect.isNone {
            if !effect.isSynchronous { working.ids.insert(id) }
            let scope = EffectID(StackElementEffects(stack: stack, element: id))
            elementEffect = effect
              .cancellationScoped(to: scope)
              .map { toStackAction.embed(.element(id: id, action: $0)) }
              .wrappingRuns { work, send in
                var values = DependencyValues._current
                values.dismiss = DismissEffect { send(toStackAction.embed(.popFrom(id: id))) }
                await DependencyValues.$_current.withValue(values) { await work(send) }
              }
              .cancellable(id: scope)
          }
        } else {
          callSite.reportIssue(
            """
            A stack's 'forEach' received an action for an element that is not on the stack.

              Action:
                \(action)
              Missing id:
                \(id)

            The element was popped before this action arrived — often by an effect that outlived \
            it, or by a reducer that ran before 'forEach' and removed it.
            """
          )
        }
        parentEffect = parent.reduce(into: &state, action: action)

      case let .popFrom(id)?:
        let isOnStack = state[keyPath: toStackState].ids.contains(id)
        parentEffect = parent.reduce(into: &state, action: action)
        if isOnStack {
          state[keyPath: toStackState].pop(from: id)
        } else {
          callSite.reportIssue(
            """
            A stack's 'forEach' received 'popFrom' for an element that is not on the stack.

              Id:
                \(id)
              On the stack:
                \(state[keyPath: toStackState].ids.map(\.description).joined(separator: ", "))
            """
          )
        }

      case let .push(id, elementState)?:
        if state[keyPath: toStackState].ids.contains(id) {
          callSite.reportIssue(
            "A stack's 'forEach' received 'push' for the id \(id), which is already on the stack."
          )
        } else {
          let ids = DependencyValues._current.stackElementID
          if isTesting, id > ids.peek() {
            callSite.reportIssue(
              """
              A stack's 'forEach' received 'push' with the id \(id), but the next id is \
              \(ids.peek()): a test pushes with the id the stack would give next.
              """
            )
          }
          ids.skip(past: id)
          state[keyPath: toStackState].insert(elementState, id: id)
        }
        parentEffect = parent.reduce(into: &state, action: action)

      case nil:
        parentEffect = parent.reduce(into: &state, action: action)
      }

      // Only elements that started work that may still run have anything to cancel when they
      // leave — whichever reducer removed them; while there are none (a stack of screens that
      // fetch nothing), a push or a pop pays for no comparison and no effect.
      guard !working.ids.isEmpty else {
        return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
      }
      let ids = state[keyPath: toStackState].ids
      let left = working.ids.filter { !ids.contains($0) }
      guard !left.isEmpty else {
        return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
      }
      working.ids.subtract(left)
      let cancellations = Effect<Action>.merge(
        left.map { .cancel(id: EffectID(StackElementEffects(stack: stack, element: $0))) }
      )
      return .merge(elementEffect, parentEffect, cancellations)
    }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

/// The effects of one element of one stack.
struct StackElementEffects: Hashable, Sendable {
  let stack: ObjectIdentifier
  let element: StackElementID
}
