/// An enum of features, one per case, which `@Reducer` completes: what a parent presents when it
/// can show one of several children (a sheet or another), as one `@Presents var destination`.
///
/// Its `State` and `Action` have a case per feature, and its static ``body`` runs each feature on
/// its own case. `.ifLet(\.$destination, action: \.destination)` needs no trailing closure for it.
public protocol CaseReducer<State, Action> {
  associatedtype State: CaseReducerState where State.StateReducer == Self
  associatedtype Action
  associatedtype Body: Reducer<State, Action>

  /// Each case's feature, scoped to its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

/// The `State` of a ``CaseReducer``, which knows its reducer, so that `ifLet` can find it.
public protocol CaseReducerState {
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self

  /// Whether the current case holds state that goes away after any of its actions, such as an
  /// alert (see ``EphemeralState``). `@Reducer` writes it.
  var isEphemeralCase: Bool { get }
}

extension Reducer where Action: CasePathable & SendableMetatype {
  /// Presents a destination made by `@Reducer enum`: `.ifLet(\.$destination, action: \.destination)`.
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKey<Action, PresentationAction<DestinationState.StateReducer.Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    self.ifLet(
      toPresentationState,
      casePath: Action.casePath(toPresentationAction),
      then: { DestinationState.StateReducer.body },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
