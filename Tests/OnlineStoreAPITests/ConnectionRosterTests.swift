import NIOConcurrencyHelpers
import NIOCore
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
    let keptAlive = roster.join(now: start, close: closed.close("kept alive"))!
    roster.moved(keptAlive, to: .readingHead, now: start)
    roster.moved(keptAlive, to: .responding, now: start)
    roster.moved(keptAlive, to: .idle, now: start)
    let slow = roster.join(now: start + .seconds(1), close: closed.close("slow"))!
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
    let busy = roster.join(close: closed.close("busy"))!
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
      let id = roster.join(now: start, close: closed.close(name))!
      roster.moved(id, to: .responding, now: idleSince)
      roster.moved(id, to: .idle, now: idleSince)
    }
    _ = roster.join(now: start + .seconds(2), close: closed.close("new"))
    #expect(closed.all == ["idle longer"])
  }

  /// A socket address of `text` (an IPv4 or IPv6 address) and port 1.
  static func peer(_ text: String) -> PeerAddress {
    PeerAddress(try! SocketAddress(ipAddress: text, port: 1))
  }

  @Test func oneAddressHoldsItsShareAndNoMore() {
    let roster = ConnectionRoster(capacity: 100, perAddress: 2)
    let closed = Closed()
    let first = roster.join(from: Self.peer("198.51.100.7"), close: closed.close("1"))
    #expect(first != nil)
    #expect(roster.join(from: Self.peer("198.51.100.7"), close: closed.close("2")) != nil)
    #expect(roster.join(from: Self.peer("198.51.100.7"), close: closed.close("3")) == nil, "the third from one address is refused")
    #expect(roster.join(from: Self.peer("198.51.100.8"), close: closed.close("other")) != nil, "another address has its own share")
    // An IPv6 client is its /64; the IPv4 one seen through an IPv6 socket is itself.
    #expect(roster.join(from: Self.peer("2001:db8:1:2::1"), close: closed.close("v6 a")) != nil)
    #expect(roster.join(from: Self.peer("2001:db8:1:2::ffff"), close: closed.close("v6 b")) != nil)
    #expect(roster.join(from: Self.peer("2001:db8:1:2:3::9"), close: closed.close("v6 c")) == nil, "one /64")
    #expect(roster.join(from: Self.peer("::ffff:198.51.100.7"), close: closed.close("mapped")) == nil)
    roster.left(first!)
    #expect(roster.join(from: Self.peer("198.51.100.7"), close: closed.close("again")) != nil, "a place given back is the address's again")
    #expect(closed.all.isEmpty, "refusing a newcomer closes no one else")
  }

  @Test func loopbackCountsUnlessItIsExempt() {
    let counted = ConnectionRoster(capacity: 100, perAddress: 1)
    #expect(counted.join(from: Self.peer("127.0.0.1")) {} != nil)
    #expect(counted.join(from: Self.peer("127.0.0.1")) {} == nil)
    let exempt = ConnectionRoster(capacity: 100, perAddress: 1, exemptsLoopback: true)
    for _ in 0..<5 { #expect(exempt.join(from: Self.peer("127.0.0.1")) {} != nil) }
    for _ in 0..<5 { #expect(exempt.join(from: Self.peer("::1")) {} != nil) }
    #expect(exempt.join(from: Self.peer("10.0.0.1")) {} != nil)
    #expect(exempt.join(from: Self.peer("10.0.0.1")) {} == nil, "only this machine is exempt")
  }
}
