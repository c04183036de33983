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
  // Guarded by `queue`: each thread adds itself before it runs a job.
  private var threads: Set<UInt> = []

  private init(count: Int) {
    for _ in 0..<count {
      Thread {
        self.queue.lock()
        self.threads.insert(UInt(pthread_self()))
        self.queue.unlock()
        self.work()
      }.start()
    }
  }

  /// Whether the caller runs on one of these threads. (Asked by thread, not by name: a
  /// Foundation thread's name set from inside it can miss the kernel when the thread runs before
  /// `start()` returns.)
  var isCurrent: Bool {
    queue.lock()
    defer { queue.unlock() }
    return threads.contains(UInt(pthread_self()))
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
