import Synchronization

/// The effects one `TestStore.send` started: await them (failing if they take too long), or
/// cancel them.
public struct TestStoreTask: Hashable, Sendable {
  let base: StoreTask
  let timeout: Duration

  init(_ base: StoreTask, timeout: Duration) {
    self.base = base
    self.timeout = timeout
  }

  /// A task around any `Task`, or around none: for tests of the test store itself, as the
  /// Composable Architecture's `Canary` SPI offers it.
  @_spi(Canary)
  public init(rawValue: Task<Void, Never>?, timeout: Duration) {
    self.init(StoreTask(rawValue.map { [$0] } ?? []), timeout: timeout)
  }

  /// Cancels the effects.
  public func cancel() async {
    base.cancel()
    await base.finish()
  }

  /// Waits for the effects to finish; fails the test if they are still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let task = base.task else { return }
    let timeout = timeout ?? self.timeout
    // The effects' end and the timeout race off the main actor: nothing polls it, a busy main
    // actor delays only the effects themselves, and the loser is not waited for.
    let finished = await withCheckedContinuation { (outcome: CheckedContinuation<Bool, Never>) in
      let first = Mutex<CheckedContinuation<Bool, Never>?>(outcome)
      let decide: @Sendable (Bool) -> Void = { finished in first.withLock { $0.take() }?.resume(returning: finished) }
      // The timer decides only if its sleep ran out: cancelled, it says nothing (a cancelled
      // sleep that went on to decide `false` once beat the effects' own `true` to the
      // continuation, and a test whose effects had ended failed "still running after 120 s").
      let timer = Task {
        do {
          try await Task.sleep(for: timeout)
          decide(false)
        } catch {}
      }
      Task {
        await task.value
        decide(true)
        timer.cancel()
      }
    }
    guard !finished else { return }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
      "Expected the effects of this action to finish, but they are still running after \(timeout)."
    )
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool { base.isCancelled }
}
