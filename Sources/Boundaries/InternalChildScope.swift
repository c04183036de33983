import Composable

// A bounded feature keeps its children's actions under `_internal`: a screen cannot send them,
// only the feature's own scoping can. These operators take the child's case key relative to the
// feature's `InternalAction`, so a body reads `Scope(state: \.profile, action: \.profile)`
// rather than spelling out `_internal` every time.

extension Scope where ParentAction: TCAFeatureAction, ParentAction.InternalAction: CasePathable & SendableMetatype {
  /// Runs a child whose actions live in `ParentAction.InternalAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKey<ParentAction.InternalAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>
  ) {
    self.init(state: toChildState, casePath: ParentAction.internalCase(toChildAction), child: child)
  }
}

extension Reducer where Action: TCAFeatureAction, Action.InternalAction: CasePathable & SendableMetatype {
  /// `forEach` for rows whose actions live in `Action.InternalAction`.
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKey<Action.InternalAction, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<State, Action> {
    self.forEach(
      toElementsState,
      casePath: Action.internalCase(toElementAction),
      element: element,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// `forEach` for a navigation stack whose actions live in `Action.InternalAction`:
  /// `.forEach(\.path, action: \.path)` on a `@Reducer enum Path`.
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState: CaseReducerState>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKey<Action.InternalAction, StackAction<ElementState, ElementState.StateReducer.Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<State, Action> {
    self.forEach(
      toStackState,
      casePath: Action.internalCase(toStackAction),
      destination: { ElementState.StateReducer.body },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// `ifLet` for an optional child whose actions live in `Action.InternalAction`.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKey<Action.InternalAction, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> some Reducer<WrappedState, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    self.ifLet(
      toWrappedState,
      casePath: Action.internalCase(toWrappedAction),
      then: wrapped,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// `ifLet` for a presented child whose actions live in `Action.InternalAction`.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKey<Action.InternalAction, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> then destination: () -> some Reducer<DestinationState, DestinationAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    self.ifLet(
      toPresentationState,
      casePath: Action.internalCase(toPresentationAction),
      then: destination,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
