/// How many bytes of a shopper's input may go to their store now: a token bucket that fills at
/// `rate` bytes a second up to `burst`.
///
/// A person typing, clicking or pasting a search stays far inside it; a client that floods its
/// store with keystrokes is slowed to the rate, and the front door stops reading from it (so SSH
/// flow control stops the client) instead of queueing what it sends. Pure: the caller passes the
/// time.
struct InputAllowance: Sendable {
  let rate: Int
  let burst: Int
  private var available: Double
  private var updated: ContinuousClock.Instant

  init(rate: Int, burst: Int, now: ContinuousClock.Instant) {
    self.rate = rate
    self.burst = burst
    self.available = Double(burst)
    self.updated = now
  }

  /// The bytes that may be passed on at `now`.
  mutating func available(at now: ContinuousClock.Instant) -> Int {
    refill(now)
    return Int(available)
  }

  /// `count` bytes were passed on (possibly more than were available: a read is never split).
  mutating func spend(_ count: Int, at now: ContinuousClock.Instant) {
    refill(now)
    available -= Double(count)
  }

  /// How long until at least one byte is available again.
  mutating func wait(at now: ContinuousClock.Instant) -> Duration {
    refill(now)
    guard available < 1 else { return .zero }
    let seconds = (1 - available) / Double(rate)
    return .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
  }

  private mutating func refill(_ now: ContinuousClock.Instant) {
    let elapsed = now - updated
    updated = now
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    available = min(Double(burst), available + seconds * Double(rate))
  }
}
