import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// Runs the effects of one store: starts their tasks, keeps track of the ones still running, and
/// cancels them by ``EffectID``.
///
/// Everything here happens on the main actor, where the store lives, so the bookkeeping needs no
/// locks. Effect work itself runs wherever its `async` code runs; the actions it sends come back
/// through ``Send``, on the main actor.
@MainActor
@usableFromInline
final class EffectRunner<Action: Sendable> {
  /// Where actions go: the owning store's `send`, which reduces them (now, or right after the
  /// action being reduced when an effect sends synchronously).
  var deliver: @MainActor (Action) -> Void = { _ in }

  /// The tasks still running, readable from any thread: a test store checks them as it goes away.
  nonisolated let tasks = RunningTasks()

  /// The dependencies effects start with. A test store changes them when its test does.
  var dependencies: DependencyValues
  /// Where effects run: the default executor in a program; a test store's own threads
  /// (``TestStoreThreads``) under test, so that its effects never wait for a thread.
  var executor: (any TaskExecutor)?
  /// Which running effects are cancellable under which ids: behind a lock, so that
  /// `Task.cancel(id:)` can cancel from an effect's own thread at once.
  nonisolated let cancellation: EffectCancellation
  private var nextToken = 0

  init(dependencies: DependencyValues) {
    self.dependencies = dependencies
    self.cancellation = EffectCancellation(tasks: tasks)
  }

  /// The number of effect tasks still running, not counting those a test skipped.
  var runningCount: Int { tasks.count }

  /// The number of effect tasks still running, skipped or not: any of them may still send.
  var allRunningCount: Int { tasks.allCount }

  /// Starts `effect`. Synchronous parts (`.send`, `.cancel`) happen before this returns; each
  /// asynchronous part becomes a task, appended to `tasks`.
  @usableFromInline
  func start(
    _ effect: Effect<Action>,
    cancellableAs ids: [EffectID] = [],
    collecting tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      deliver(action)
    case let .run(priority, work):
      tasks.append(spawn(priority: priority, ids: ids) { send in await work(send) })
    case let .merge(effects):
      for effect in effects {
        start(effect, cancellableAs: ids, collecting: &tasks)
      }
    case let .concatenate(effects):
      // The parts before the first asynchronous one happen now, in order, as `.send` does on
      // its own: `.concatenate(.send(a), .send(b))` delivers both before `send` returns.
      let leading = effects.prefix(while: \.isSynchronous)
      for effect in leading {
        start(effect, cancellableAs: ids, collecting: &tasks)
      }
      let effects = Array(effects.dropFirst(leading.count))
      guard !effects.isEmpty else { return }
      tasks.append(
        spawn(priority: nil, ids: ids) { [weak self] _ in
          for effect in effects {
            guard !Task.isCancelled, let self else { return }
            await self.perform(effect)
          }
        }
      )
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      start(effect, cancellableAs: ids + [id], collecting: &tasks)
    case let .cancel(id):
      cancel(id: id)
    }
  }

  /// Starts `effect` and waits for all of it to finish; cancelling the waiting task cancels it.
  /// This is how `concatenate` runs its parts one after another.
  func perform(_ effect: Effect<Action>) async {
    var tasks: [Task<Void, Never>] = []
    start(effect, collecting: &tasks)
    let started = tasks
    await withTaskCancellationHandler {
      for task in started { await task.value }
    } onCancel: {
      for task in started { task.cancel() }
    }
  }

  /// Cancels every running effect registered under `id`.
  func cancel(id: EffectID) {
    cancellation.cancel(id: id)
  }

  /// Cancels everything still running.
  func cancelAll() {
    tasks.cancelAll()
  }

  /// Stops counting the effects running now: they go on, and may still send actions, but no
  /// longer keep a test from finishing (``TestStore/skipInFlightEffects(strict:fileID:filePath:line:column:)``).
  func skipRunning() {
    tasks.skipAll()
  }

  private func spawn(
    priority: TaskPriority?,
    ids: [EffectID],
    _ work: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    let token = nextToken
    nextToken += 1
    let lifetime = EffectLifetime()
    let send = Send<Action> { [weak self] action in
      guard !lifetime.hasEnded else {
        reportIssue(
          """
          An action was sent from an effect that had already finished:

            \(action)

          An effect's 'send' may be used only while the effect runs. Do not keep it for later \
          (in a stored closure or a detached task); start a long-living effect instead.
          """
        )
        return
      }
      self?.deliver(action)
    }
    // Effects see the store's dependencies, whatever task happens to start them.
    let running = tasks
    let preferred = executor
    let task = DependencyValues.$_current.withValue(dependencies) {
      EffectContext.$cancellation.withValue(cancellation) {
        EffectContext.$scopes.withValue([]) {
          Task(priority: priority) { [weak self] in
            await Self.perform(work, send: send, countedAs: token, in: running, on: preferred)
            lifetime.hasEnded = true
            self?.finished(token)
          }
        }
      }
    }
    tasks.insert(task, for: token)
    cancellation.register(token, under: ids)
    return task
  }

  /// Runs an effect's work off the main actor and stops counting it the moment the work
  /// returns, on the thread it returned on: a test that has just received an effect's last
  /// action then sees it finished without waiting for the main actor to get to it.
  @concurrent
  private nonisolated static func perform(
    _ work: @Sendable (Send<Action>) async -> Void, send: Send<Action>,
    countedAs token: Int, in running: RunningTasks, on executor: (any TaskExecutor)?
  ) async {
    // Under the preference the work and every child task it starts run on `executor`.
    await withTaskExecutorPreference(executor) { await work(send) }
    running.remove(token)
  }

  private func finished(_ token: Int) {
    tasks.remove(token)
    cancellation.unregister(token)
  }
}

/// Whether an effect's work has returned; its `send` checks, so a `send` kept for later is
/// reported instead of delivering into a store that no longer expects it.
@MainActor
final class EffectLifetime {
  var hasEnded = false
}

/// The tasks of the effects a store is running, behind a lock. Tasks a test skipped keep
/// running but are not counted.
final class RunningTasks: Sendable {
  private struct Tasks {
    var running: [Int: Task<Void, Never>] = [:]
    var skipped: Set<Int> = []
    var count: Int { running.count - skipped.count }
  }

  private let tasks = Mutex(Tasks())
  /// Signalled whenever a task is forgotten, for ``waitUntilNoneRun(for:)``.
  private let forgotten = NSCondition()

  /// How many tasks are running, not counting skipped ones.
  var count: Int { tasks.withLock { $0.count } }

  /// How many tasks are running, skipped ones included.
  var allCount: Int { tasks.withLock { $0.running.count } }

  func insert(_ task: Task<Void, Never>, for token: Int) {
    tasks.withLock { $0.running[token] = task }
  }

  /// Forgets a finished task. Called twice per task — off the main actor the moment its work
  /// returns, then by the runner when it clears the task's cancel ids — and the second call
  /// finds nothing left to forget. The first never
  /// comes before ``insert(_:for:)``: the task starts on the main actor, which `insert` holds.
  func remove(_ token: Int) {
    tasks.withLock {
      $0.running[token] = nil
      $0.skipped.remove(token)
    }
    forgotten.lock()
    forgotten.broadcast()
    forgotten.unlock()
  }

  /// Blocks until no task (skipped ones aside) is running, or `duration` has passed; whether
  /// none is. A condition, signalled as each task is forgotten, not a poll.
  func waitUntilNoneRun(for duration: Duration) -> Bool {
    let (seconds, attoseconds) = duration.components
    let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
    forgotten.lock()
    defer { forgotten.unlock() }
    while count > 0 {
      if !forgotten.wait(until: deadline) { return count == 0 }
    }
    return true
  }

  func cancel(_ token: Int) {
    tasks.withLock { $0.running[token] }?.cancel()
  }

  func cancelAll() {
    for task in tasks.withLock({ Array($0.running.values) }) { task.cancel() }
  }

  func skipAll() {
    tasks.withLock { $0.skipped = Set($0.running.keys) }
  }
}
