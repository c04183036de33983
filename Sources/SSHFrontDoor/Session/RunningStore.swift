import Foundation
import NIOCore

/// What a session knows of the store it runs: its process and home, and how far its ending has
/// gone. Held in ``StoreSession/State/running(_:)`` and nowhere else.
struct RunningStore {
  let pid: pid_t
  let home: URL
  /// A guest's home is removed when the session ends; a key shopper's stays.
  let isGuestHome: Bool
  let terminal: SessionTerminal
  let started: ContinuousClock.Instant
  /// The store's terminal is open and read by the bridge.
  var ptyIsOpen = false
  /// The store runs at a lower CPU priority (its shopper outran the input allowance).
  var isSlowed = false
  /// Why the store was told to end (SIGHUP), once it was.
  var hangUpReason: String?
  /// How the store's process ended, once it has; its terminal may still be draining.
  var ending: ChildReaper.Ending?
  /// SIGKILL, if the store has not ended a grace after its hang-up.
  var killTimer: Scheduled<Void>?
  /// A hang-up, if the store let go of its terminal without ending.
  var orphanTimer: Scheduled<Void>?

  init(_ launched: StoreLaunch.Launched, terminal: SessionTerminal) {
    pid = launched.pid
    home = launched.home
    isGuestHome = launched.isGuestHome
    self.terminal = terminal
    started = .now
  }

  /// How the session ended, for the log.
  func endingDescription(status: Int) -> String {
    ending?.signal.map { "store ended by signal \($0)" } ?? hangUpReason ?? "store exited \(status)"
  }

  func cancelTimers() {
    killTimer?.cancel()
    orphanTimer?.cancel()
  }
}
