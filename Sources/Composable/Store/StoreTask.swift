/// The effects started by one `send`: await them, or cancel them.
///
/// ```swift
/// let task = store.send(.view(.refreshPulled))
/// await task.finish()     // returns when the refresh's effects are done
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let task: Task<Void, Never>?

  /// Nothing to wait for.
  @inlinable
  init() {
    task = nil
  }

  /// Combines the tasks one `send` started. No task is made when there is nothing to wait for.
  @usableFromInline
  init(_ tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0:
      task = nil
    case 1:
      task = tasks[0]
    default:
      task = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects. Actions they send afterwards are dropped.
  public func cancel() {
    task?.cancel()
  }

  /// Returns when every effect has finished.
  public func finish() async {
    await task?.value
  }

  /// Whether ``cancel()`` was called (or the effects were cancelled another way).
  public var isCancelled: Bool {
    task?.isCancelled ?? true
  }
}
