import Dependencies

/// The one place a store's state lives and changes: the root of every `Store` scoped from it.
///
/// `send` reduces an action, starts its effects, then reduces any action those effects sent
/// synchronously, in order, before notifying observers once. When nothing asks for an effect,
/// sending allocates nothing.
@MainActor
final class StoreCore<State, Action: Sendable> {
  private(set) var state: State
  private let reducer: ResolvedReducer<State, Action>
  let effects: EffectRunner<Action>
  let observers = StateObservers()
  private var queue: [Action] = []
  private var isReducing = false

  init(state: State, reducer: ResolvedReducer<State, Action>, dependencies: DependencyValues) {
    self.state = state
    self.reducer = reducer
    self.effects = EffectRunner(dependencies: dependencies)
    self.queue.reserveCapacity(8)
    effects.deliver = { [weak self] action in self?.send(action) }
  }

  @discardableResult
  func send(_ action: Action) -> StoreTask {
    queue.append(action)
    // An action sent synchronously by an effect waits for the one being reduced.
    guard !isReducing else { return StoreTask([]) }
    isReducing = true
    var tasks: [Task<Void, Never>] = []
    var next = 0
    while next < queue.count {
      let action = queue[next]
      next += 1
      let effect = reducer.reduce(into: &state, action: action)
      effects.start(effect, collecting: &tasks)
    }
    queue.removeAll(keepingCapacity: true)
    isReducing = false
    observers.notify()
    return StoreTask(tasks)
  }
}

/// Who is waiting to hear that state changed; told once per `send`, however many stores are
/// scoped from the root.
@MainActor
final class StateObservers {
  private var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
  private var nextID = 0

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

  func notify() {
    guard !continuations.isEmpty else { return }
    for continuation in continuations.values {
      continuation.yield()
    }
  }
}
