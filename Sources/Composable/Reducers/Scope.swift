import IssueReporting

/// Runs a child reducer on one part of the parent's state, for the actions of one case of the
/// parent's action.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) {
///     Counter()
///   }
///   Reduce { state, action in … }   // runs after the child, sees its changes
/// }
/// ```
///
/// The child's effects are mapped back into the parent's actions. The child changes the
/// parent's state in place: a large child state is never copied.
public struct Scope<ParentState, ParentAction>: Reducer {
  @usableFromInline
  let run: (inout ParentState, ParentAction) -> Effect<ParentAction>

  /// Scopes to a stored property of the parent's state: `Scope(state: \.child, action: \.child)`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKey<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>
  ) where ParentAction: CasePathable {
    self.init(property: toChildState, action: ParentAction.casePath(toChildAction), child: child())
  }

  /// The same, without the first label: `Scope(\.child, action: \.child) { Child() }`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKey<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> some Reducer<ChildState, ChildAction>
  ) where ParentAction: CasePathable {
    self.init(property: toChildState, action: ParentAction.casePath(toChildAction), child: child())
  }

  /// Scopes to a property with every action as it is: `Scope(state: \.self, action: \.self)`
  /// runs the child on the parent's whole domain, which is how a body embeds a reducer of the
  /// same domain with operators of its own.
  @inlinable
  public init<ChildState>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: IdentityCaseKey<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> some Reducer<ChildState, ParentAction>
  ) {
    self.init(property: toChildState, action: .identity, child: child())
  }

  /// The same, without the first label: `Scope(\.self, action: \.self) { … }`.
  @inlinable
  public init<ChildState>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: IdentityCaseKey<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> _ child: () -> some Reducer<ChildState, ParentAction>
  ) {
    self.init(property: toChildState, action: .identity, child: child())
  }

  /// `Scope` with the action named by a case path value: for libraries that build their own case
  /// paths (the boundaries helpers). Features name the case with a key, as above.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    casePath toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>
  ) {
    self.init(property: toChildState, action: toChildAction, child: child())
  }

  /// What every property form comes to.
  @inlinable
  package init<ChildState, ChildAction>(
    property toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    child: some Reducer<ChildState, ChildAction>
  ) {
    let child = child._resolved()
    self.run = { state, action in
      guard let childAction = toChildAction.extract(from: action) else { return .none }
      let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
      if effect.isNone { return .none }
      return effect.map { toChildAction.embed($0) }
    }
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    run(&state, action)
  }
}

extension Scope where ParentState: CasePathable {
  /// Scopes to one case of an enum state: the child runs only while the state is in that case.
  ///
  /// A child action that arrives while the state is in another case is reported as a problem
  /// (a test fails), because it usually means a parent changed the case too early. The child's
  /// state is taken out of the enum, changed and put back.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKey<ParentState, ChildState>,
    action toChildAction: CaseKey<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ParentAction: CasePathable {
    self.init(
      case: ParentState.casePath(toChildState),
      action: ParentAction.casePath(toChildAction),
      child: child(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Scope {
  /// What every enum-state form comes to.
  package init<ChildState, ChildAction>(
    case statePath: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    child: some Reducer<ChildState, ChildAction>,
    callSite: CallSite
  ) {
    let child = child._resolved()
    self.run = { state, action in
      guard let childAction = toChildAction.extract(from: action) else { return .none }
      guard var childState = statePath.extract(from: state) else {
        callSite.reportIssue(
          """
          A 'Scope' on a case of '\(ParentState.self)' received a child action while the state \
          was in another case.

            Action:
              \(action)
            State:
              \(state)

          The parent probably changed the case before the child could handle this action. \
          Check that no action for the old case is still on its way.
          """
        )
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = statePath.embed(childState)
      if effect.isNone { return .none }
      return effect.map { toChildAction.embed($0) }
    }
  }
}
