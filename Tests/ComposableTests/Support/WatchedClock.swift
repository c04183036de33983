import Clocks
import Composable

/// A test clock that says when something starts sleeping on it.
///
/// Advancing a `TestClock` only wakes sleeps already under way. A test that sends an action
/// and advances at once races the effect it started: on a loaded machine the effect may not
/// have reached its sleep yet, and the tick never comes. `sleeping()` waits until it has; by
/// then the sleep's deadline is fixed, so advancing past it wakes it whether or not the sleep
/// is registered yet.
final class WatchedClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()
  private let sleeps: AsyncStream<Void>
  private let announce: AsyncStream<Void>.Continuation

  init() {
    (sleeps, announce) = AsyncStream.makeStream(of: Void.self)
  }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    announce.yield()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Waits until an effect has started a sleep (one not waited for before).
  func sleeping() async {
    var iterator = sleeps.makeAsyncIterator()
    _ = await iterator.next()
  }

  func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
