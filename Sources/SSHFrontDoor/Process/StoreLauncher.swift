import CPseudoTerminal
import Foundation
import Logging
import NIOConcurrencyHelpers
import StoreCommand
import Synchronization

/// Starts each session's store on a pseudo-terminal of its own.
///
/// Stores are forked by the session starter (`onlinestore --session-starter`, see
/// `CSessionStarter`), a copy of the program started once, so that they share the pages every
/// freshly executed store would write for itself (the shared libraries' relocations): a store
/// costs about half the memory that way. If the starter cannot be had — it failed to start, or
/// it died and could not be started again — each store is executed directly, as before; a shopper
/// never notices which.
///
/// Every method blocks (fork, exec, a request to the starter that may wait up to 3 s): call them
/// from the front door's thread pool, never from an event loop. The starter is started from one
/// of those threads, which live as long as the server: its `PR_SET_PDEATHSIG` follows the thread
/// that forked it, so a thread that came and went would take the starter with it.
final class StoreLauncher: Sendable {
  private struct Starter {
    var pid: pid_t
    var socket: Int32
  }

  private let executable: String
  private let logger: Logger
  /// The starter, if there is one; `nil` once it could not be had. One request at a time.
  private let starter: NIOLockedValueBox<Starter?>
  /// Whether ``starter`` holds one, kept beside it so that `/readyz`, answered on the event
  /// loop, never waits for the lock a launch holds while the starter answers (up to 3 s).
  private let starterRunning = Atomic(false)
  private let metrics: FrontDoorMetrics

  /// A launcher for `executable`; with `useStarter`, stores are forked by a session starter.
  init(executable: String, useStarter: Bool = true, logger: Logger, metrics: FrontDoorMetrics = .none) {
    self.executable = executable
    self.logger = logger
    self.metrics = metrics
    // The stores the starter forks are handed to this process when their middle process ends;
    // without that they could not be waited for, so no starter without it.
    let canReap = useStarter && pt_become_subreaper() == 0
    let first = canReap ? Self.startStarter(executable, logger: logger) : nil
    starter = NIOLockedValueBox(first)
    starterRunning.store(first != nil, ordering: .relaxed)
  }

  /// Starts the store with `arguments` (the program's name first) and `environment` on a new
  /// pty of `rows` × `columns`; returns its pid and the pty's controlling side.
  func launch(_ command: StoreCommand, title: String, rows: Int, columns: Int) throws -> (pid: pid_t, controller: Int32) {
    let arguments = command.arguments
    let environment = command.environment
    if let started = try forkFromStarter(arguments: arguments, environment: environment, title: title, rows: rows, columns: columns) {
      metrics.storeStarted(.starter)
      return started
    }
    var controller: Int32 = -1
    let pid = CStrings.with(arguments) { argv in
      CStrings.with(environment) { envp in pt_spawn(executable, argv, envp, Int32(rows), Int32(columns), &controller) }
    }
    guard pid > 0 else { throw FrontDoorError("the store could not start: \(String(cString: strerror(errno)))") }
    metrics.storeStarted(.exec)
    return (pid, controller)
  }

  /// The store, forked by the starter; `nil` when there is no starter to ask. A starter that
  /// has died is started once more before giving up on it.
  private func forkFromStarter(arguments: [String], environment: [String], title: String, rows: Int, columns: Int) throws -> (pid: pid_t, controller: Int32)? {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    let opened = starter.withLockedValue { $0 != nil }
    guard opened else { return nil }
    guard pt_open(Int32(rows), Int32(columns), &controller, &terminal) == 0 else {
      throw FrontDoorError("no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    defer { close(terminal) }
    let pid: pid_t? = starter.withLockedValue { starter in
      for attempt in 0..<2 {
        guard let current = starter else { return nil }
        let (pid, error) = CStrings.with(Array(arguments.dropFirst())) { argv in
          CStrings.with(environment) { envp in (ss_spawn(current.socket, terminal, title, argv, envp), errno) }
        }
        if pid > 0 { return pid }
        let reason = String(cString: strerror(error))
        // Gone, or not answering (EAGAIN after the socket's timeout): either way, replaced.
        guard [EPIPE, ECONNRESET, ENOTCONN, EAGAIN, EWOULDBLOCK].contains(error) else {
          logger.error("session starter refused a store", metadata: ["reason": "\(reason)"])
          return -1
        }
        Self.retire(current)
        logger.error("session starter gone", metadata: ["reason": "\(reason)", "attempt": "\(attempt + 1)"])
        starter = attempt == 0 ? Self.startStarter(executable, logger: logger) : nil
        starterRunning.store(starter != nil, ordering: .relaxed)
        metrics.starterRestarted()
      }
      return nil
    }
    switch pid {
    case let pid? where pid > 0:
      return (pid, controller)
    case .some:
      close(controller)
      throw FrontDoorError("the session starter could not start the store")
    case nil:
      close(controller)
      return nil
    }
  }

  /// Whether stores are forked by a running session starter (else each is executed).
  var hasStarter: Bool { starterRunning.load(ordering: .relaxed) }

  /// Ends the starter; stores it forked go on until they are hung up.
  func stop() {
    starter.withLockedValue { starter in
      if let current = starter { Self.retire(current) }
      starter = nil
      starterRunning.store(false, ordering: .relaxed)
    }
  }

  private static func startStarter(_ executable: String, logger: Logger) -> Starter? {
    var socket: Int32 = -1
    let pid = ss_start(executable, &socket)
    guard pid > 0 else {
      logger.error("no session starter; each store is started on its own", metadata: ["reason": "\(String(cString: strerror(errno)))"])
      return nil
    }
    return Starter(pid: pid, socket: socket)
  }

  /// Closes the starter's socket and ends the starter; the ``ChildReaper`` collects it.
  private static func retire(_ starter: Starter) {
    close(starter.socket)
    kill(starter.pid, SIGKILL)
  }
}
