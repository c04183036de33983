import Clocks
import Foundation
import FlyingFox
import StoreTestSupport
import Synchronization
import Testing

@testable import Shop

/// The request a store keeps open for another host's cart save: answered whenever the server
/// answers, bounded in time and size, ended at once by a cancellation — and free while it waits
/// (the URLSession it replaces used a quarter of a core for each one open;
/// `SeveralHostsEndToEndTests` measures a waiting store's CPU).
@Suite(.serialized)
struct WaitingRequestTests {
  static let cart = #"{"version":2,"revision":3,"quantities":{"4":2}}"#

  @Test func aLateAnswerIsTheCart() async throws {
    let server = try await StubStoreServer([
      "GET /shop/carts/7/updates": { _ in
        try await Task.sleep(for: .milliseconds(1_500))
        return .json(Self.cart)
      }
    ])
    defer { Task { await server.stop() } }
    let started = ContinuousClock.now
    let cart = try await StoreServer(baseURL: server.baseURL).cart(of: 7, after: 2)
    #expect(cart == SavedCart(quantities: [4: 2], revision: 3))
    #expect(ContinuousClock.now - started >= .milliseconds(1_400))
  }

  @Test func noContentMeansNothingWasSaved() async throws {
    let server = try await StubStoreServer(["GET /shop/carts/7/updates": { _ in HTTPResponse(statusCode: .noContent) }])
    defer { Task { await server.stop() } }
    #expect(try await StoreServer(baseURL: server.baseURL).cart(of: 7, after: 3) == nil)
  }

  @Test func anAnswerThatNeverComesTimesOut() async throws {
    let server = try await StubStoreServer([
      "GET /never": { _ in
        try await Task.sleep(for: .seconds(30))
        return .json("{}")
      }
    ])
    defer { Task { await server.stop() } }
    let started = ContinuousClock.now
    await #expect(throws: APIError.timedOut(seconds: 1)) {
      try await WaitingRequest.get(server.baseURL.appendingPathComponent("never"), headers: [:], timeout: .seconds(1), maxResponseBytes: 1_024)
    }
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func anAnswerLargerThanTheLimitIsRefused() async throws {
    let server = try await StubStoreServer(["GET /big": { _ in .json(Data(repeating: 0x20, count: 600_000)) }])
    defer { Task { await server.stop() } }
    await #expect(throws: APIError.tooLarge(limitBytes: 256 * 1_024)) {
      try await WaitingRequest.get(server.baseURL.appendingPathComponent("big"), headers: [:], timeout: .seconds(10), maxResponseBytes: 256 * 1_024)
    }
  }

  @Test func aCancelledWaitEndsAtOnce() async throws {
    let server = try await StubStoreServer([
      "GET /never": { _ in
        try await Task.sleep(for: .seconds(30))
        return .json("{}")
      }
    ])
    defer { Task { await server.stop() } }
    let waiting = Task {
      try await WaitingRequest.get(server.baseURL.appendingPathComponent("never"), headers: [:], timeout: .seconds(30), maxResponseBytes: 1_024)
    }
    try await Task.sleep(for: .milliseconds(300))
    let cancelled = ContinuousClock.now
    waiting.cancel()
    _ = await waiting.result
    #expect(ContinuousClock.now - cancelled < .seconds(10), "at once, not after the 30 s wait")
  }

  @Test func aServerThatIsNotThereIsUnreachable() async throws {
    let port = try closedLocalPort()
    await #expect(throws: APIError.unreachable("the connection was refused")) {
      try await WaitingRequest.get(URL(string: "http://127.0.0.1:\(port)/x")!, headers: [:], timeout: .seconds(5), maxResponseBytes: 1_024)
    }
  }

  @Test func answersAreReadAsHTTPSendsThem() {
    let chunked = Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n".utf8)
    #expect(WaitingRequest.parse(chunked, limit: 100) == .success(.init(status: 200, body: Data("abcdefg".utf8))))
    let sized = Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8)
    #expect(WaitingRequest.parse(sized, limit: 100) == .success(.init(status: 200, body: Data("{}".utf8))))
    let cut = Data("HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{}".utf8)
    #expect(WaitingRequest.parse(cut, limit: 100) == .failure(.connectionLost))
    #expect(WaitingRequest.parse(Data("garbage\r\n\r\n".utf8), limit: 100) == .failure(.malformed("not a valid HTTP answer")))
    #expect(WaitingRequest.parse(Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8), limit: 100) == .failure(.malformed("a broken chunked answer")))
  }

  /// A chunk size of 2^63 - 1 once trapped on overflow and took the store down with it.
  @Test func anAbsurdChunkSizeIsABrokenAnswer() {
    for size in ["7fffffffffffffff", "ffffffffffffffff", "10000000000000000", "8000000000000000", "fffffff"] {
      let answer = Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nabcd\r\n0\r\n\r\n".utf8)
      #expect(WaitingRequest.parse(answer, limit: 1_000) == .failure(.malformed("a broken chunked answer")), "\(size)")
    }
  }

  /// A server that answers "nothing new" at once (or the cart the store already has) is asked
  /// about once a second, not ~900 times. The pacing is read off an immediate clock, which moves
  /// by exactly what the store waited: the real server answers, the waits are counted, and a
  /// busy machine cannot move either.
  @Test func aServerThatAnswersAtOnceIsNotAskedInALoop() async throws {
    let asked = Counter()
    let server = try await StubStoreServer([
      "GET /shop/carts/7/updates": { _ in
        asked.increment()
        return HTTPResponse(statusCode: .noContent)
      }
    ])
    defer { Task { await server.stop() } }
    let clock = ImmediateClock()
    let store = StoreServer(baseURL: server.baseURL, clock: clock)
    let started = clock.now
    for _ in 0..<3 { #expect(try await store.cart(of: 7, after: 3) == nil) }
    #expect(started.duration(to: clock.now) == .seconds(3), "a second after each answer of nothing")
    #expect(asked.value == 3)
    // The same cart again (revision 3, the store has 3) is nothing new either.
    let server2 = try await StubStoreServer(["GET /shop/carts/7/updates": { _ in .json(Self.cart) }])
    defer { Task { await server2.stop() } }
    let again = clock.now
    #expect(try await StoreServer(baseURL: server2.baseURL, clock: clock).cart(of: 7, after: 3) == nil)
    #expect(again.duration(to: clock.now) == .seconds(1))
    // A newer cart comes after the short interval only.
    let newer = clock.now
    #expect(try await StoreServer(baseURL: server2.baseURL, clock: clock).cart(of: 7, after: 2)?.revision == 3)
    #expect(newer.duration(to: clock.now) == StoreServer.shortestUpdateInterval)
  }
}

/// A count that handlers on other threads add to.
final class Counter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
