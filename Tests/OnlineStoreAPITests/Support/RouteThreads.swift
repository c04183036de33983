import Foundation

/// Threads of the test process's own where the in-process route tests run, outside the Swift
/// runtime's cooperative pool.
///
/// A route test in process does the server's work (routing, JSON, the database's answers) in
/// the test's tasks. On the cooperative pool — two threads on a two-core machine — a suite's
/// bursts of it starved other tests' in-process servers and effects of their turns (a picture
/// fetch with no answer in 5 s, a store silent for 30 s, in full runs only). Run under this
/// executor's preference (`withTaskExecutorPreference`), the work and every child task it
/// starts run here instead, and the kernel shares the cores between these threads and the pool,
/// as it did when the same work ran behind a socket. A task a test starts on its own (to cancel
/// it, say) is not a child and does not follow the preference: it asks for it,
/// `Task(executorPreference: RouteThreads.shared)`.
final class RouteThreads: TaskExecutor, @unchecked Sendable {
  /// The executor every in-process route test shares: two threads, for as long as the tests run.
  static let shared = RouteThreads(count: 2)

  private let queue = NSCondition()
  // Guarded by `queue`.
  private var jobs: [UnownedJob] = []

  private init(count: Int) {
    for index in 0..<count {
      // Named from inside: a name given before the start does not reach the kernel here.
      Thread {
        Thread.current.name = "route-tests-\(index)"
        self.work()
      }.start()
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
