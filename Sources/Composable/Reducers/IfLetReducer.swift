import IssueReporting

extension Reducer {
  /// Runs `wrapped` on an optional part of the state while it is not `nil`, then this reducer.
  ///
  /// The child runs first. A child action that arrives while the state is `nil` is reported as a
  /// problem (a test fails) and ignored. When this reducer sets the child's state to `nil`, or
  /// puts a child with another `id` in its place, the child's effects are cancelled; the child's
  /// cancel ids are its own.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> some Reducer<WrappedState, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: toWrappedAction,
      wrapped: wrapped(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `.ifLet(\.child, action: \.child) { Child() }`, with the action named by a case key.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKey<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> some Reducer<WrappedState, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> where Action: CasePathable {
    self.ifLet(
      toWrappedState,
      action: Action.casePath(toWrappedAction),
      then: wrapped,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The reducer `ifLet` returns for optional state.
public struct IfLetReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  init<WrappedState, WrappedAction>(
    parent: some Reducer<State, Action>,
    wrappedState toWrappedState: WritableKeyPath<State, WrappedState?>,
    wrappedAction toWrappedAction: AnyCasePath<Action, WrappedAction>,
    wrapped: some Reducer<WrappedState, WrappedAction>,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let wrapped = wrapped._resolved()
    let scope = EffectID(OptionalChildEffectID(ObjectIdentifier(toWrappedState)))
    self.run = { state, action in
      var childEffect = Effect<Action>.none
      if let childAction = toWrappedAction.extract(from: action) {
        if state[keyPath: toWrappedState] != nil {
          let effect = wrapped.reduce(into: &state[keyPath: toWrappedState]!, action: childAction)
          if !effect.isNone {
            childEffect = effect
              .cancellationScoped(to: scope)
              .map { toWrappedAction.embed($0) }
              .cancellable(id: scope)
          }
        } else {
          callSite.reportIssue(
            """
            An 'ifLet' received a child action while the child state was nil.

              Action:
                \(action)

            Something cleared the child before this action arrived — often an effect that \
            outlived the child. Its effects are cancelled when this reducer clears it.
            """
          )
        }
      }
      let childBefore = state[keyPath: toWrappedState].map(Self.identity)
      let parentEffect = parent.reduce(into: &state, action: action)
      // The child is gone, or another child (another `id`) took its place: its effects end.
      let replacedByParent = childBefore != nil && state[keyPath: toWrappedState].map(Self.identity) != childBefore
      if childEffect.isNone, !replacedByParent { return parentEffect }
      return .merge(childEffect, parentEffect, replacedByParent ? .cancel(id: scope) : .none)
    }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  /// Which child is there: its `id` when it is `Identifiable`, otherwise just "one".
  @usableFromInline
  static func identity(_ child: Any) -> AnyHashable {
    childIdentity(of: child) ?? AnyHashable(true)
  }
}

/// Effects of the child behind one optional key path.
@usableFromInline
struct OptionalChildEffectID: Hashable, Sendable {
  let keyPath: ObjectIdentifier

  @usableFromInline
  init(_ keyPath: ObjectIdentifier) {
    self.keyPath = keyPath
  }
}
