import Foundation
import TerminalKit

/// What the terminal's event source has announced and the run loop has not yet taken: keys to
/// read, a resize, notices (SIGUSR1). A value, so that the rules of what wakes the loop are
/// tested without a thread or a signal.
///
/// Signals are reported by urgency, not one wake-up per signal: a signal that ends the session
/// (SIGHUP, SIGTERM, SIGINT, SIGQUIT) ends it before any resize that came with it, and a storm of
/// SIGWINCH is one resize until the loop has taken it. So a hang-up never waits behind thousands
/// of repaints, and what waits stays this small however fast the window changes.
struct WaitingInput: Equatable {
  /// Keys (or a resize report from ncurses) can be read.
  var keys = false
  /// The window changed size since the loop last took its size.
  var resize = false
  /// Signals that tell the program something, each at most once.
  var notices: [Int32] = []

  /// The signals that end a session, most urgent first.
  static let endingSignals: [Int32] = [SIGHUP, SIGTERM, SIGINT, SIGQUIT]

  /// Notes `signals`, which arrived together, and says how to wake the loop: the most urgent
  /// ending signal if any came (nothing else is noted); `inputWaiting` if a resize is news (none
  /// is waiting already) or a new notice came; `nil` when there is nothing new to tell.
  mutating func note(signals: Set<Int32>) -> TerminalWakeUp? {
    if let ending = Self.endingSignals.first(where: signals.contains) { return .ended(signal: ending) }
    var isNews = false
    if signals.contains(SIGWINCH), !resize {
      resize = true
      isNews = true
    }
    if signals.contains(SIGUSR1), !notices.contains(SIGUSR1) {
      notices.append(SIGUSR1)
      isNews = true
    }
    return isNews ? .inputWaiting : nil
  }
}
