import Dependencies

/// Holds a feature's state, reduces the actions sent to it, and runs the effects they return.
///
/// An application has one store at its root. Screens get stores *scoped* from it: views of one
/// part of the state that send one kind of action, always in sync with the root because they read
/// through it rather than keeping copies.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature()
/// } withDependencies: {
///   $0.apiClient = .embedded
/// }
/// store.send(.view(.onAppear))
/// for await _ in store.stateChanges() { render(store.state) }
/// ```
///
/// A store lives on the main actor; so do its reducers. Effects run concurrently and send their
/// actions back to the main actor.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  @usableFromInline let readState: @MainActor () -> State
  @usableFromInline let dispatch: @MainActor (Action) -> StoreTask
  @usableFromInline let observers: StateObservers

  /// Creates the root store of a feature.
  ///
  /// The reducer is built, and its body resolved, inside `withDependencies`: every
  /// `@Dependency` of the reducer tree and of its effects sees the values set there. This is done
  /// once, here, rather than on every action.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let (state, resolved, dependencies) = Dependencies.withDependencies {
      prepareDependencies?(&$0)
    } operation: {
      (initialState(), reducer()._resolved(), DependencyValues._current)
    }
    let core = StoreCore(state: state, reducer: resolved, dependencies: dependencies)
    self.init(
      readState: { core.state },
      dispatch: { core.send($0) },
      observers: core.observers
    )
  }

  @usableFromInline
  init(
    readState: @escaping @MainActor () -> State,
    dispatch: @escaping @MainActor (Action) -> StoreTask,
    observers: StateObservers
  ) {
    self.readState = readState
    self.dispatch = dispatch
    self.observers = observers
  }

  /// The current state. A scoped store reads it through its root, so it is never stale.
  ///
  /// Read it, use it, let it go: holding a copy of a large state while sending actions makes the
  /// next change copy that state.
  public var state: State { readState() }

  /// A property of the state, read through the store: `store.count` for `store.state.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    readState()[keyPath: keyPath]
  }

  /// Reduces `action` now and starts its effects.
  ///
  /// - Returns: The effects this action started, to await or cancel.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    dispatch(action)
  }

  /// A stream that yields each time the state may have changed: once per `send` (including the
  /// actions effects send), however many stores are scoped from the same root. A run loop
  /// awaits it instead of polling. Several changes before the consumer looks collapse into one.
  public func stateChanges() -> AsyncStream<Void> {
    observers.stream()
  }

  /// Calls `onChange` at the end of every `send`, on the main actor, until the observation is
  /// cancelled: what ``stateChanges()`` announces, without waking a task for it. `onChange` runs
  /// inside the `send` that made the change, so it must not send: note the change, act later.
  public func observeChanges(_ onChange: @escaping @MainActor () -> Void) -> StoreObservation {
    observers.observe(onChange)
  }

  /// How many times the store has told its observers that the state may have changed — once
  /// per `send`, counted at once rather than when a stream's consumer gets to it. A run loop
  /// keeps the count it last drew at, and so knows a change it has already drawn.
  public var changeCount: Int { observers.notifications }

  /// A store for a child feature: reads `state[keyPath: toChildState]`, sends child actions
  /// embedded in this store's actions.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let dispatch = self.dispatch
    return Store<ChildState, ChildAction>(
      readState: { readState()[keyPath: toChildState] },
      dispatch: { dispatch(toChildAction.embed($0)) },
      observers: observers
    )
  }

  /// `store.scope(state: \.counter, action: \.counter)`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKey<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: toChildState, action: Action.casePath(toChildAction))
  }

  /// `scope` with a case key path held in a variable, as the Composable Architecture takes it.
  /// A literal `\.counter` resolves to the faster ``CaseKey`` overload above.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: toChildState, action: AnyCasePath(toChildAction))
  }

  /// A store for an optional or presented child, or `nil` while it is absent.
  ///
  /// If the child goes away while you still hold its store, the store keeps showing the child's
  /// last state (a screen animating out still has something to draw) and its sends are ignored
  /// by the parent's `ifLet`, which reports them.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = readState()[keyPath: toChildState] else { return nil }
    let readState = self.readState
    let dispatch = self.dispatch
    let lastKnown = LastKnownState(initial)
    return Store<ChildState, ChildAction>(
      readState: { lastKnown.update(readState()[keyPath: toChildState]) },
      dispatch: { dispatch(toChildAction.embed($0)) },
      observers: observers
    )
  }

  /// `store.scope(state: \.cart, action: \.cart.presented)` for an optional child.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKey<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(state: toChildState, action: Action.casePath(toChildAction))
  }
}

/// The store of a reducer: `StoreOf<CartFeature>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action> where R.Action: Sendable

/// The most recent non-`nil` value of an optional child's state.
@MainActor
private final class LastKnownState<Value> {
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func update(_ newValue: Value?) -> Value {
    if let newValue { value = newValue }
    return value
  }
}
