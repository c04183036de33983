import Dependencies

extension Reducer {
  /// Runs `destination` on a presented child — a sheet, a dialog — while it is presented, then
  /// this reducer.
  ///
  /// ```swift
  /// .ifLet(\.$cart, action: \.cart) { CartFeature() }
  /// ```
  ///
  /// - `.presented(action)` runs the child, then this reducer. If the child's state is
  ///   ``EphemeralState`` (an alert), it is cleared afterwards.
  /// - `.dismiss` runs this reducer while the child is still there, then clears it.
  /// - Whenever a presentation ends — dismissed, set to `nil` by this reducer, or replaced by a
  ///   child with another `id` — the effects the child started are cancelled. The child's
  ///   cancel ids are its own: it cannot cancel its parent's effects.
  /// - The child's effects can end the presentation themselves with `@Dependency(\.dismiss)`.
  /// - An action for a child that is not presented is reported as a problem and ignored.
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    casePath toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> then destination: () -> some Reducer<DestinationState, DestinationAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    PresentationReducer(
      parent: self,
      presentationState: toPresentationState,
      presentationAction: toPresentationAction,
      destination: destination(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `.ifLet(\.$cart, action: \.cart) { CartFeature() }`, with the action named by a case key.
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKey<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> then destination: () -> some Reducer<DestinationState, DestinationAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> where Action: CasePathable {
    self.ifLet(
      toPresentationState,
      casePath: Action.casePath(toPresentationAction),
      then: destination,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Presents state that needs no reducer of its own, such as an alert:
  /// `.ifLet(\.$alert, action: \.alert)`. It clears itself after any of its actions.
  @warn_unqualified_access
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    casePath toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    self.ifLet(
      toPresentationState,
      casePath: toPresentationAction,
      then: { EmptyReducer() },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// `.ifLet(\.$alert, action: \.alert)`, with the action named by a case key.
  @warn_unqualified_access
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKey<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> where Action: CasePathable {
    self.ifLet(
      toPresentationState,
      casePath: Action.casePath(toPresentationAction),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The reducer `ifLet` returns for presented state.
public struct PresentationReducer<State, Action>: Reducer {
  let run: (inout State, Action) -> Effect<Action>

  init<DestinationState, DestinationAction>(
    parent: some Reducer<State, Action>,
    presentationState toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    presentationAction toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    destination: some Reducer<DestinationState, DestinationAction>,
    callSite: CallSite
  ) {
    let parent = parent._resolved()
    let destination = ResolvedOnFirstUse(destination)
    // An alert goes away after its button: presented on its own, or as a case of a destination.
    let isEphemeral: (DestinationState?) -> Bool =
      if DestinationState.self is any EphemeralState.Type {
        { _ in true }
      } else if DestinationState.self is any CaseReducerState.Type {
        { ($0 as? any CaseReducerState)?.isEphemeralCase ?? false }
      } else {
        // A destination enum written by hand: ephemeral while its current case holds an alert.
        { $0.map(holdsEphemeralCase) ?? false }
      }
    self.run = { state, action in
      let presentedID = state[keyPath: toPresentationState].id
      // A presentation that ended before this reducer saw the action (a reducer earlier in the
      // body dismissed it) still has its effects to end.
      let endedUnseen = state[keyPath: toPresentationState].lastReducedID.flatMap { $0 == presentedID ? nil : $0 }
      var destinationEffect = Effect<Action>.none
      let parentEffect: Effect<Action>

      switch (presentedID, toPresentationAction.extract(from: action)) {
      case let (id?, .presented(destinationAction)?):
        let effect = destination.reducer.reduce(
          into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction
        )
        if !effect.isNone {
          destinationEffect = effect
            .cancellationScoped(to: EffectID(id))
            .map { toPresentationAction.embed(.presented($0)) }
            .wrappingRuns { work, send in
              var values = DependencyValues._current
              values.dismiss = DismissEffect { send(toPresentationAction.embed(.dismiss)) }
              await DependencyValues.$_current.withValue(values) { await work(send) }
            }
            .cancellable(id: id)
        }
        parentEffect = parent.reduce(into: &state, action: action)
        if state[keyPath: toPresentationState].id == id,
          isEphemeral(state[keyPath: toPresentationState].wrappedValue)
        {
          state[keyPath: toPresentationState].wrappedValue = nil
        }

      case let (id?, .dismiss?):
        parentEffect = parent.reduce(into: &state, action: action)
        if state[keyPath: toPresentationState].id == id {
          state[keyPath: toPresentationState].wrappedValue = nil
        }

      case (nil, let presentationAction?):
        callSite.reportIssue(
          """
          An 'ifLet' received \
          \(presentationAction.isDismiss ? "a dismissal" : "an action") for a child that is \
          not presented.

            Action:
              \(action)

          The child was dismissed before this action arrived, or was never presented.
          """
        )
        parentEffect = parent.reduce(into: &state, action: action)

      case (_, nil):
        parentEffect = parent.reduce(into: &state, action: action)
      }

      let idAfter = state[keyPath: toPresentationState].id
      if state[keyPath: toPresentationState].lastReducedID != idAfter {
        state[keyPath: toPresentationState].lastReducedID = idAfter
      }
      let ended = [endedUnseen, presentedID.flatMap { $0 == idAfter ? nil : $0 }].compactMap { $0 }
      guard !ended.isEmpty else {
        return destinationEffect.isNone ? parentEffect : .merge(destinationEffect, parentEffect)
      }
      return .merge([destinationEffect, parentEffect] + ended.map { .cancel(id: $0) })
    }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

extension PresentationAction {
  var isDismiss: Bool {
    if case .dismiss = self { return true }
    return false
  }
}

/// Whether `value` is an enum whose current case carries ephemeral state (an alert): how a
/// destination enum written without `@Reducer` tells that its alert case clears itself.
func holdsEphemeralCase(_ value: Any) -> Bool {
  guard isEnum(value), let payload = Mirror(reflecting: value).children.first?.value else { return false }
  return payload is any EphemeralState
}
