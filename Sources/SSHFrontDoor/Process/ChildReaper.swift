import Foundation
import NIOConcurrencyHelpers

/// Waits for every child of the server on one thread of its own, and tells whoever asked about a
/// pid how it ended: one thread for all the stores, however many there are, and no event loop
/// ever blocked in `waitpid`.
///
/// Stores the session starter forks become the server's children when their middle process ends
/// (the server is a child subreaper), so they are reaped here like stores the server started
/// itself. A pid may end before anyone asks about it (a store that fails at once); its status is
/// kept until asked for (for ten seconds, and the few thousand most recent).
final class ChildReaper: Sendable {
  /// How a child ended, as `waitpid` reports it.
  struct Ending: Sendable, Equatable {
    let status: Int32

    /// The signal that ended it, if one did.
    var signal: Int32? { status & 0x7F == 0 ? nil : status & 0x7F }
    /// The exit status a shell would show: the code, or 128 + the signal.
    var exitStatus: Int { signal.map { 128 + Int($0) } ?? Int((status >> 8) & 0xFF) }
  }

  private struct State {
    var waiting: [pid_t: @Sendable (Ending) -> Void] = [:]
    var unclaimed: [pid_t: (ending: Ending, at: ContinuousClock.Instant)] = [:]
    var unclaimedOrder: [pid_t] = []
    var stopped = false
  }

  private static let maximumUnclaimed = 4_096
  /// How long an unclaimed ending is kept: a store is claimed moments after it starts.
  private static let unclaimedLifetime: Duration = .seconds(10)
  private let state = NIOLockedValueBox(State())
  /// Signalled when there may be children again after `waitpid` found none.
  private let childrenMayExist = DispatchSemaphore(value: 0)

  init() {
    let thread = Thread { [self] in self.reap() }
    thread.name = "onlinestore-reaper"
    thread.start()
  }

  /// Calls `onEnd` (on the reaper's thread) once `pid` has ended, at once if it already has.
  func whenEnded(_ pid: pid_t, _ onEnd: @escaping @Sendable (Ending) -> Void) {
    let ended: Ending? = state.withLockedValue { state in
      if let unclaimed = state.unclaimed.removeValue(forKey: pid) {
        state.unclaimedOrder.removeAll { $0 == pid }
        // An ending from long ago belongs to an earlier process that had this pid.
        if ContinuousClock.now - unclaimed.at < Self.unclaimedLifetime { return unclaimed.ending }
      }
      state.waiting[pid] = onEnd
      return nil
    }
    if let ended { onEnd(ended) } else { childrenMayExist.signal() }
  }

  /// A child was started that nobody asks about yet: wake the thread if it found no children.
  func childStarted() {
    childrenMayExist.signal()
  }

  /// Stops telling anyone anything; the thread ends at its next wake-up.
  func stop() {
    state.withLockedValue { $0.stopped = true }
    childrenMayExist.signal()
  }

  private func reap() {
    while !state.withLockedValue(\.stopped) {
      var status: Int32 = 0
      let pid = waitpid(-1, &status, 0)
      if pid > 0 {
        deliver(Ending(status: status), for: pid)
      } else if errno == ECHILD {
        // No children now: sleep until one is started (or a second passes).
        _ = childrenMayExist.wait(timeout: .now() + 1)
      }
    }
  }

  private func deliver(_ ending: Ending, for pid: pid_t) {
    let callback: (@Sendable (Ending) -> Void)? = state.withLockedValue { state in
      if let callback = state.waiting.removeValue(forKey: pid) { return callback }
      state.unclaimed[pid] = (ending, .now)
      state.unclaimedOrder.append(pid)
      if state.unclaimedOrder.count > Self.maximumUnclaimed {
        state.unclaimed[state.unclaimedOrder.removeFirst()] = nil
      }
      return nil
    }
    callback?(ending)
  }
}
