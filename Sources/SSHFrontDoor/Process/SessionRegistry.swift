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
    var sessionsStarted = 0
  }

  init(limit: Int) {
    self.limit = limit
  }

  enum Admission: Equatable {
    case admitted
    /// Every place is taken.
    case full
    /// The server is stopping: no new store starts, whatever the places.
    case restarting
  }

  /// Takes a place for a new session, unless the store is full or restarting.
  func admit() -> Admission {
    state.withLockedValue { state in
      guard !state.restarting else { return .restarting }
      guard state.admitted < limit else { return .full }
      state.admitted += 1
      return .admitted
    }
  }

  /// The next session's number, counted from 1 since the server started: what its store's
  /// process title and its log lines call it, so that nothing a local user can read names a
  /// shopper's key or home.
  func nextNumber() -> Int {
    state.withLockedValue { state in
      state.sessionsStarted += 1
      return state.sessionsStarted
    }
  }

  func release() {
    state.withLockedValue { $0.admitted -= 1 }
  }

  /// A store admitted earlier is running as `pid`; `true` when the server has begun restarting
  /// since it was admitted (the store must then be told, as those already running were).
  func started(_ pid: pid_t) -> Bool {
    state.withLockedValue { state in
      state.processes.insert(pid)
      return state.restarting
    }
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
