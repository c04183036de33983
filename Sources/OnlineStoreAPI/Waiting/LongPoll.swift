import Hummingbird
import ServiceLifecycle
import Synchronization

/// How a request held for a change (``ChangeWatchers/longPoll(on:upTo:read:isNewer:)``) ended.
enum LongPollOutcome<Value> {
  /// Something newer than the client has.
  case newer(Value)
  /// Nothing newer within the wait (or the server began to shut down, or the client left).
  case unchanged(Value)
  /// Every place among the waiters is taken: the client should come back shortly.
  case full
}

extension ChangeWatchers {
  /// Holds a request until `read()` gives a value `isNewer` accepts — at once if the first read
  /// does — or `wait` passes on `clock`, the server begins to shut down (its waiting clients are answered
  /// then, not at the end of their wait), or the client goes away (a cancelled wait returns at
  /// once; the loop looks for itself rather than count on the next read throwing).
  ///
  /// A place among the waiters is taken before each read, so a change between the read and the
  /// wait is not missed; a wake-up that brings nothing newer — a late or repeated notice from
  /// another instance — does not end the wait early.
  func longPoll<Value>(
    on topic: Topic, upTo wait: Duration, clock: ElapsedClock, read: () async throws -> Value, isNewer: (Value) -> Bool
  ) async throws -> LongPollOutcome<Value> {
    guard var ticket = enlist(topic) else { return .full }
    var place: Ticket? = ticket
    defer {
      if let place { release(place) }
    }
    var latest = try await read()
    let deadline = clock.elapsed() + wait
    let shutdown = ShutdownHeard()
    while !isNewer(latest), deadline > clock.elapsed(), !shutdown.isHeard, !Task.isCancelled {
      let waiting = ticket
      await withGracefulShutdownHandler {
        await self.wait(waiting, until: deadline, clock: clock)
      } onGracefulShutdown: {
        shutdown.hear()
        self.release(waiting)
      }
      place = enlist(topic)
      latest = try await read()
      guard let next = place else { break }
      ticket = next
    }
    return isNewer(latest) ? .newer(latest) : .unchanged(latest)
  }
}

/// Whether the server began shutting down while a request waited: it then answers at once.
private final class ShutdownHeard: Sendable {
  private let heard = Mutex(false)

  var isHeard: Bool { heard.withLock { $0 } }

  func hear() {
    heard.withLock { $0 = true }
  }
}

/// The answers of a long poll that are not the value itself.
enum LongPollAnswer {
  /// Every place among the waiters is taken: 503, come back in a few seconds.
  static func comeBack(_ reason: String) -> Response {
    var answer = JSONAnswer.error(reason, status: .serviceUnavailable)
    answer.headers[.retryAfter] = "5"
    return answer
  }

  /// The seconds a client asked to be held (`wait=`), `standard` when it did not ask, at most
  /// `longest`; 0 answers at once.
  static func wait(in request: Request, standard: Duration, longest: Duration) throws -> Duration {
    guard let text = request.uri.queryParameters["wait"].map(String.init) else { return standard }
    guard let seconds = Int(text), (0...Int(longest.components.seconds)).contains(seconds) else {
      throw APIFailure(.badRequest, "wait must be 0 to \(longest.components.seconds) seconds, not '\(text)'")
    }
    return .seconds(seconds)
  }
}
