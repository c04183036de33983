import Dependencies

/// The one place a store's state lives and changes: the root of every `Store` scoped from it.
///
/// `send` reduces an action, starts its effects, then reduces any action those effects sent
/// synchronously, in order, before notifying observers once. When nothing asks for an effect,
/// sending allocates nothing.
///
/// `send` is `@inlinable` so that it is specialised for each feature's state and action types in
/// the module that creates the store: run generically, it spends most of its time looking up
/// type metadata (measured: 362 ns per counter action, against the numbers in Docs/Benchmarks.md).
@MainActor
@usableFromInline
final class StoreCore<State, Action: Sendable> {
  @usableFromInline private(set) var state: State
  @usableFromInline let reducer: ResolvedReducer<State, Action>
  @usableFromInline let effects: EffectRunner<Action>
  @usableFromInline let observers = StateObservers()
  /// Actions effects sent synchronously while another action was being reduced.
  @usableFromInline var queue: [Action] = []
  @usableFromInline var isReducing = false

  @usableFromInline
  init(state: State, reducer: ResolvedReducer<State, Action>, dependencies: DependencyValues) {
    self.state = state
    self.reducer = reducer
    self.effects = EffectRunner(dependencies: dependencies)
    effects.deliver = { [weak self] action in self?.send(action) }
  }

  @inlinable
  @discardableResult
  func send(_ action: Action) -> StoreTask {
    // An action sent synchronously by an effect waits until the one being reduced is done.
    guard !isReducing else {
      queue.append(action)
      return StoreTask()
    }
    isReducing = true
    var tasks: [Task<Void, Never>] = []
    var action = action
    while true {
      let effect = reducer.reduce(into: &state, action: action)
      if !effect.isNone {
        effects.start(effect, collecting: &tasks)
      }
      if queue.isEmpty { break }
      action = queue.removeFirst()
    }
    isReducing = false
    observers.notify()
    return StoreTask(tasks)
  }
}

/// Who is waiting to hear that state changed; told once per `send`, however many stores are
/// scoped from the root.
@MainActor
@usableFromInline
final class StateObservers {
  private var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
  private var callbacks: [Int: @MainActor () -> Void] = [:]
  private var nextID = 0
  /// How many times observers were told, listening or not (``Store/changeCount``).
  @usableFromInline private(set) var notifications = 0

  @usableFromInline
  init() {}

  func stream() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1)
    )
    let id = nextID
    nextID += 1
    continuations[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }

  func observe(_ onChange: @escaping @MainActor () -> Void) -> StoreObservation {
    let id = nextID
    nextID += 1
    callbacks[id] = onChange
    return StoreObservation { [weak self] in self?.callbacks[id] = nil }
  }

  @usableFromInline
  func notify() {
    notifications &+= 1
    for callback in callbacks.values {
      callback()
    }
    for continuation in continuations.values {
      continuation.yield()
    }
  }
}
