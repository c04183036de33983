import IssueReporting

extension Reducer {
  /// Runs `wrapped` on an optional part of the state while it is not `nil`, then this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.child, action: \.child) { Child() }
  /// ```
  ///
  /// The child runs first. A child action that arrives while the state is `nil` is reported as a
  /// problem (a test fails) and ignored. When this reducer sets the child's state to `nil`, or
  /// puts a child with another `id` in its place, the child's effects are cancelled; the child's
  /// cancel ids are its own. A child whose state is ``EphemeralState`` (an alert) is set to `nil`
  /// after any of its actions, unless this reducer put one with another `id` in its place.
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
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: Action.casePath(toWrappedAction),
      wrapped: wrapped(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `.ifLet(\.optional, action: \.self) { Child() }`: the child takes this reducer's actions as
  /// they are.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: IdentityCaseKey<Action>,
    @ReducerBuilder<WrappedState, Action> then wrapped: () -> some Reducer<WrappedState, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: .identity,
      wrapped: wrapped(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `ifLet` with the action named by a case path value: for libraries that build their own case
  /// paths (the boundaries helpers). Features name the case with a key, as above.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    casePath toWrappedAction: AnyCasePath<Action, WrappedAction>,
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

  /// Optional state that needs no reducer of its own, such as an alert kept in a plain optional:
  /// `.ifLet(\.alert, action: \.alert)`. It is set to `nil` after any of its actions.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKey<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> where Action: CasePathable {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: Action.casePath(toWrappedAction),
      wrapped: EmptyReducer(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `.ifLet(\.self, action: \.self)` for ephemeral state that takes this reducer's actions as
  /// they are.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: EphemeralState>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: IdentityCaseKey<Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: .identity,
      wrapped: EmptyReducer(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer `ifLet` returns for optional state.
public struct IfLetReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  package init<WrappedState, WrappedAction>(
    parent: some Reducer<State, Action>,
    wrappedState toWrappedState: WritableKeyPath<State, WrappedState?>,
    wrappedAction toWrappedAction: AnyCasePath<Action, WrappedAction>,
    wrapped: some Reducer<WrappedState, WrappedAction>,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let wrapped = wrapped._resolved()
    let scope = EffectID(OptionalChildEffectID(ObjectIdentifier(toWrappedState)))
    let isEphemeral = WrappedState.self is any EphemeralState.Type
    self.run = { state, action in
      var childEffect = Effect<Action>.none
      let childAction = toWrappedAction.extract(from: action)
      if let childAction {
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
      let childAfter = state[keyPath: toWrappedState].map(Self.identity)
      // An alert answered is gone, unless the parent has just put up another one.
      if isEphemeral, childAction != nil, childBefore != nil, childAfter == childBefore {
        state[keyPath: toWrappedState] = nil
      }
      // The child is gone, or another child (another `id`) took its place: its effects end.
      let replaced = childBefore != nil && state[keyPath: toWrappedState].map(Self.identity) != childBefore
      if childEffect.isNone, !replaced { return parentEffect }
      return .merge(childEffect, parentEffect, replaced ? .cancel(id: scope) : .none)
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
