import Clocks

/// A test clock that says when something starts sleeping on it.
///
/// Advancing a `TestClock` only wakes sleeps already under way. A test that sends an action
/// and advances at once races the effect it started: on a loaded machine the effect may not
/// have reached its sleep yet, and the tick never comes. `sleeping()` waits until a sleep has
/// begun: its deadline is fixed by then, though the sleep may not yet be registered with the
/// underlying `TestClock`.
///
/// So that advancing *to* the deadline wakes it in either order, a sleep is registered for one
/// nanosecond before its deadline: `TestClock` returns at once from a sleep whose deadline has
/// passed, but waits for the next advance when the deadline is exactly now. Tests advance by
/// milliseconds, so the nanosecond is never observed.
public final class WatchedClock: Clock, Sendable {
  public typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()
  private let sleeps: AsyncStream<Void>
  private let announce: AsyncStream<Void>.Continuation

  public init() {
    (sleeps, announce) = AsyncStream.makeStream(of: Void.self)
  }

  public var now: Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    announce.yield()
    try await base.sleep(until: deadline.advanced(by: .nanoseconds(-1)), tolerance: tolerance)
  }

  /// Waits until something has started a sleep (one not waited for before).
  public func sleeping() async {
    var iterator = sleeps.makeAsyncIterator()
    _ = await iterator.next()
  }

  public func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
