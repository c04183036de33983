import Foundation
import NIOConcurrencyHelpers

/// The sessions running now: how many (for `--max-sessions`), their stores' processes (to
/// hang them all up when the server stops), and whether the server is restarting.
final class SessionRegistry: Sendable {
  private let state = NIOLockedValueBox(State())
  let limit: Int

  private struct State {
    var admitted = 0
    var processes: Set<pid_t> = []
    var restarting = false
  }

  init(limit: Int) {
    self.limit = limit
  }

  /// Takes a place for a new session, unless the store is full.
  func admit() -> Bool {
    state.withLockedValue { state in
      guard state.admitted < limit else { return false }
      state.admitted += 1
      return true
    }
  }

  func release() {
    state.withLockedValue { $0.admitted -= 1 }
  }

  func started(_ pid: pid_t) {
    _ = state.withLockedValue { $0.processes.insert(pid) }
  }

  func ended(_ pid: pid_t) {
    _ = state.withLockedValue { $0.processes.remove(pid) }
  }

  var processes: Set<pid_t> { state.withLockedValue { $0.processes } }

  /// The server is stopping to restart: sessions that end from now on tell their shopper so.
  func restart() {
    state.withLockedValue { $0.restarting = true }
  }

  var isRestarting: Bool { state.withLockedValue { $0.restarting } }
  var sessionCount: Int { state.withLockedValue { $0.admitted } }
}
