extension Reducer where State: CasePathable, Action: CasePathable & SendableMetatype {
  /// Runs `child` on one case of an enum state while the state is in that case, then this
  /// reducer:
  ///
  /// ```swift
  /// Reduce { … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  ///
  /// The child runs first, so it sees its action before the parent can move the state to another
  /// case. A child action that arrives while the state is in another case is reported and
  /// ignored. When the state leaves the case, the child's effects are cancelled; the child's
  /// cancel ids are its own.
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction>(
    _ toCaseState: CaseKey<State, CaseState>,
    action toCaseAction: CaseKey<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> some Reducer<CaseState, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<State, Action> {
    IfCaseLetReducer(
      parent: self,
      state: State.casePath(toCaseState),
      action: Action.casePath(toCaseAction),
      child: child(),
      effects: CaseChildEffectID(ObjectIdentifier(toCaseState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `.ifCaseLet(\.value, action: \.self) { … }`: the child takes this reducer's actions as
  /// they are.
  @warn_unqualified_access
  public func ifCaseLet<CaseState>(
    _ toCaseState: CaseKey<State, CaseState>,
    action toCaseAction: IdentityCaseKey<Action>,
    @ReducerBuilder<CaseState, Action> then child: () -> some Reducer<CaseState, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<State, Action> {
    IfCaseLetReducer(
      parent: self,
      state: State.casePath(toCaseState),
      action: .identity,
      child: child(),
      effects: CaseChildEffectID(ObjectIdentifier(toCaseState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer `ifCaseLet(_:action:then:fileID:filePath:line:column:)` returns.
public struct IfCaseLetReducer<State, Action>: Reducer {
  let run: (inout State, Action) -> Effect<Action>

  /// `effects` names the child's effects, so that leaving the case cancels them; it must be the
  /// same for every resolution of the same operator.
  package init<CaseState, CaseAction>(
    parent: some Reducer<State, Action>,
    state statePath: AnyCasePath<State, CaseState>,
    action actionPath: AnyCasePath<Action, CaseAction>,
    child: some Reducer<CaseState, CaseAction>,
    effects: some Hashable & Sendable,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let child = child._resolved()
    let scope = EffectID(effects)
    self.run = { state, action in
      var childEffect = Effect<Action>.none
      if let childAction = actionPath.extract(from: action) {
        if var childState = statePath.extract(from: state) {
          let effect = child.reduce(into: &childState, action: childAction)
          state = statePath.embed(childState)
          if !effect.isNone {
            childEffect = effect
              .cancellationScoped(to: scope)
              .map { actionPath.embed($0) }
              .cancellable(id: scope)
          }
        } else {
          callSite.reportIssue(
            """
            An 'ifCaseLet' received a child action while the state was in another case.

              Action:
                \(action)
              State:
                \(state)

            Something moved the state to another case before this action arrived — often an \
            effect that outlived its case. Its effects are cancelled when the case changes.
            """
          )
        }
      }
      let wasInCase = statePath.extract(from: state) != nil
      let parentEffect = parent.reduce(into: &state, action: action)
      let leftCase = wasInCase && statePath.extract(from: state) == nil
      if childEffect.isNone, !leftCase { return parentEffect }
      return .merge(childEffect, parentEffect, leftCase ? .cancel(id: scope) : .none)
    }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

/// Effects of the child of one case of an enum state.
struct CaseChildEffectID: Hashable, Sendable {
  let caseKey: ObjectIdentifier

  init(_ caseKey: ObjectIdentifier) {
    self.caseKey = caseKey
  }
}
