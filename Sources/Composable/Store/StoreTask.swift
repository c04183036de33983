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

  /// Whether ``cancel()`` was called — or, when the `send` started exactly one effect, whether
  /// that effect was cancelled by its id; `true` when the `send` started none (there is nothing
  /// left to cancel, as TCA answers too). Effects of a `send` that started several, cancelled
  /// one by one by their ids, are not seen here.
  public var isCancelled: Bool {
    task?.isCancelled ?? true
  }
}
