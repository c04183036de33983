import Foundation
import NIOConcurrencyHelpers

/// New connections per address: at most `limit` in any `window`; more are closed at once,
/// before any SSH work is spent on them. Connections from this machine (loopback) are not
/// counted: they are the operator's own, and the tests'.
final class ConnectionRateLimiter: Sendable {
  let limit: Int
  let window: Duration
  private let recent = NIOLockedValueBox<[String: [ContinuousClock.Instant]]>([:])

  init(limit: Int = 30, window: Duration = .seconds(10)) {
    self.limit = limit
    self.window = window
  }

  /// Whether a new connection from `address` may go on; counts it if so.
  func admit(_ address: String?, now: ContinuousClock.Instant = .now) -> Bool {
    guard let address, !Self.isLoopback(address) else { return true }
    return recent.withLockedValue { recent in
      // Forget what is out of the window, everywhere now and then so the table stays small.
      if recent.count > 10_000 { recent = recent.filter { $0.value.last.map { now - $0 < window } ?? false } }
      var times = (recent[address] ?? []).filter { now - $0 < window }
      guard times.count < limit else {
        recent[address] = times
        return false
      }
      times.append(now)
      recent[address] = times
      return true
    }
  }

  static func isLoopback(_ address: String) -> Bool {
    address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
  }
}
