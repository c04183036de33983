import NIOConcurrencyHelpers
import Testing

@testable import OnlineStoreAPI

/// Which connection the API server closes when it is full.
struct ConnectionRosterTests {
  /// The closes the roster called, by name.
  final class Closed: Sendable {
    private let names = NIOLockedValueBox<[String]>([])
    var all: [String] { names.withLockedValue { $0 } }
    func close(_ name: String) -> @Sendable () -> Void { { self.names.withLockedValue { $0.append(name) } } }
  }

  @Test func belowTheLimitNobodyIsClosed() {
    let roster = ConnectionRoster(capacity: 2)
    let closed = Closed()
    _ = roster.join(close: closed.close("a"))
    _ = roster.join(close: closed.close("b"))
    #expect(closed.all.isEmpty)
    #expect(roster.count == 2)
  }

  @Test func aSlowHeadGoesBeforeAKeptAliveClientEvenIfNewer() {
    let start = ContinuousClock.now
    let roster = ConnectionRoster(capacity: 2)
    let closed = Closed()
    let keptAlive = roster.join(now: start, close: closed.close("kept alive"))
    roster.moved(keptAlive, to: .readingHead, now: start)
    roster.moved(keptAlive, to: .responding, now: start)
    roster.moved(keptAlive, to: .idle, now: start)
    let slow = roster.join(now: start + .seconds(1), close: closed.close("slow"))
    roster.moved(slow, to: .readingHead, now: start + .seconds(2))
    _ = roster.join(now: start + .seconds(3), close: closed.close("new"))
    #expect(closed.all == ["slow"])
  }

  @Test func amongTheSlowTheLongestWaitingGoesFirst() {
    let start = ContinuousClock.now
    let roster = ConnectionRoster(capacity: 2)
    let closed = Closed()
    _ = roster.join(now: start + .seconds(2), close: closed.close("newer"))
    _ = roster.join(now: start, close: closed.close("older"))
    _ = roster.join(now: start + .seconds(3), close: closed.close("new"))
    #expect(closed.all == ["older"])
  }

  @Test func aRequestInFullIsNeverClosedToMakeRoom() {
    let roster = ConnectionRoster(capacity: 1)
    let closed = Closed()
    let busy = roster.join(close: closed.close("busy"))
    roster.moved(busy, to: .readingBody)
    _ = roster.join(close: closed.close("new"))
    #expect(closed.all.isEmpty, "a body on its way, or an answer being made, is kept")
    #expect(roster.count == 2, "and the newcomer waits over the limit for its own deadline")
  }

  @Test func whenOnlyKeptAliveClientsAreLeftTheLongestIdleGoes() {
    let start = ContinuousClock.now
    let roster = ConnectionRoster(capacity: 2)
    let closed = Closed()
    for (name, idleSince) in [("idle longer", start), ("idle shorter", start + .seconds(1))] {
      let id = roster.join(now: start, close: closed.close(name))
      roster.moved(id, to: .responding, now: idleSince)
      roster.moved(id, to: .idle, now: idleSince)
    }
    _ = roster.join(now: start + .seconds(2), close: closed.close("new"))
    #expect(closed.all == ["idle longer"])
  }
}
