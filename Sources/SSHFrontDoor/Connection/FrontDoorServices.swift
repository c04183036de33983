import Logging
import NIOCore
import NIOPosix

/// What every connection and session of one front door shares: its configuration, its tables of
/// connections and sessions, and the threads and processes that do the blocking work.
struct FrontDoorServices: Sendable {
  let configuration: FrontDoorConfiguration
  let logger: Logger
  let state: StateDirectory
  let connections: ConnectionTable
  let sessions: SessionRegistry
  let customers: any KeyCustomers
  let reaper: ChildReaper
  /// Threads for work that blocks — starting a store, a customer number, a guest's home — so
  /// that no event loop ever waits for a process or a disk. They live as long as the server
  /// (the session starter's parent-death signal follows the thread that started it).
  let blocking: NIOThreadPool
  let launcher: StoreLauncher
  /// How many refusals were logged in the last second, so that a flood of them is one line.
  let refusals: RefusalLog
  /// Connections accepted but not set up, and accepts that failed: never silent, never a flood.
  let setupFailures: RefusalLog
  /// Where the stores send what they measure, when the front door measures.
  let storeEvents: StoreEventRelay?
  /// What the operator's Prometheus reads (``FrontDoorMetrics/none`` without `--metrics`).
  var metrics: FrontDoorMetrics { configuration.metrics }

  /// Runs `work` on a blocking thread and delivers its result on `eventLoop`.
  func offLoop<Value: Sendable>(on eventLoop: EventLoop, _ work: @escaping @Sendable () throws -> Value) -> EventLoopFuture<Value> {
    blocking.runIfActive(eventLoop: eventLoop, work)
  }
}
