import Foundation

/// Threads of their own where a test store's effects run, outside the Swift runtime's
/// cooperative pool.
///
/// A test runner runs tests side by side on the cooperative pool, which has as many threads as
/// the machine has cores. A test that computes for seconds without suspending — rendering and
/// comparing snapshots, decoding pictures — holds one of them, and on two cores two such tests
/// hold all of them: another test's effect, ready to send its action, then waited five seconds
/// and more for a thread, and its `receive` failed (seen in 2 of 10 runs of the unit tier).
/// Under this executor's preference an effect, and every child task it starts, runs on these
/// threads instead; the kernel shares the cores between them and the pool, so an effect waits
/// for the CPU, never for a thread a neighbour will not give back.
///
/// Only a `TestStore`'s effects run here. A `Store` in a program keeps the default executor.
final class TestStoreThreads: TaskExecutor, @unchecked Sendable {
  /// The executor every test store shares, for as long as the tests run: four threads, so that
  /// an effect that blocks its thread for a while (one test's does, on purpose) leaves others
  /// to the rest; with two, effects that had sent their last action were seen waiting over a
  /// second to return (2 of 4 runs of the unit tier).
  static let shared = TestStoreThreads(count: 4)

  private let queue = NSCondition()
  // Guarded by `queue`.
  private var jobs: [UnownedJob] = []

  private init(count: Int) {
    for index in 0..<count {
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "TestStore effects \(index + 1)"
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.lock()
    jobs.append(job)
    queue.signal()
    queue.unlock()
  }

  /// Runs the jobs as they come, oldest first.
  private func work() {
    while true {
      queue.lock()
      while jobs.isEmpty { queue.wait() }
      let job = jobs.removeFirst()
      queue.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
