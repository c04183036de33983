import NIOCore

/// Which of a session's keys are timed to the output that follows them: one in
/// ``sampleEvery``, so that timing costs a shopper's typing almost nothing, and only while no
/// sampled key is waiting for its output. What it measures is the time from a key reaching the
/// store to the store's next output reaching the shopper's connection — the frame the key
/// asked for, unless a frame of the store's own (a ticking clock) came first.
struct KeyToFrameSampler {
  static let sampleEvery = 8

  private var keys = 0
  private var waitingSince: NIODeadline?

  /// Input reached the store at `now`.
  mutating func keyArrived(at now: NIODeadline) {
    keys += 1
    guard waitingSince == nil, keys % Self.sampleEvery == 1 else { return }
    waitingSince = now
  }

  /// Output reached the connection at `now`: the wait of the sampled key it follows, if one.
  mutating func outputSent(at now: NIODeadline) -> Duration? {
    guard let since = waitingSince else { return nil }
    waitingSince = nil
    return .nanoseconds((now - since).nanoseconds)
  }
}
