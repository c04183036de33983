/// An enum of features, one per case, which `@Reducer` completes: what a parent presents when it
/// can show one of several children (a sheet or another), as one `@Presents var destination`.
///
/// Its `State` and `Action` have a case per feature, and its static ``body`` runs each feature on
/// its own case. `.ifLet(\.$destination, action: \.destination)` and
/// `.forEach(\.path, action: \.path)` need no trailing closure for it.
///
/// `@Reducer` makes it a ``Reducer`` too, as in the Composable Architecture, so that the names made
/// for reducers name it: `StackActionOf<Path>`, `ReducerOf<Destination>`. Nothing makes a value of
/// it; were one made, it would run the static body.
public protocol CaseReducer<State, Action> {
  associatedtype State: CaseReducerState where State.StateReducer == Self
  associatedtype Action
  associatedtype Body: Reducer<State, Action>

  /// Each case's feature, scoped to its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The static body, for what asks a reducer value for one: a composite reducer's `reduce` and
  /// `_resolved` run it.
  public var body: Body { Self.body }
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
