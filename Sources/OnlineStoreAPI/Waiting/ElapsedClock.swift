/// A clock reduced to what the server's waits need — the time since it was made, and a sleep —
/// so that a route's wait can run on a test clock: `ElapsedClock(TestClock())` in a test, the
/// continuous clock in a server.
public struct ElapsedClock: Sendable {
  /// The time since the clock was made.
  public let elapsed: @Sendable () -> Duration
  /// Sleeps for a duration on the clock; throws when the task is cancelled.
  public let sleep: @Sendable (Duration) async throws -> Void
  /// Sleeps until ``elapsed`` reaches a time; throws when the task is cancelled.
  public let sleepUntil: @Sendable (Duration) async throws -> Void

  public init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleep = { try await clock.sleep(for: $0) }
    sleepUntil = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
  }

  /// The clock of a running server.
  public static let continuous = ElapsedClock(ContinuousClock())
}
