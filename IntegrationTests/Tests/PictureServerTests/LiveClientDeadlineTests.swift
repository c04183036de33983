import Foundation
import Shop
import StoreTestSupport
import Testing

/// The live HTTP client against deadlines of the wall clock: libcurl's own timeout, a
/// cancellation under a request the server holds, and an order whose answer comes after the
/// client's deadline. A stub server in this process answers late on purpose, so these wait real
/// seconds and live here rather than in the unit tier. (Moved from the unit tier's
/// LiveAPIClientTests, unchanged.)
@Suite(.serialized)
struct LiveClientDeadlineTests {
  @Test func aSlowStoreTimesOut() async throws {
    let server = try await StubStoreServer([
      "GET /products": { _ in
        try await Task.sleep(for: .seconds(5))
        return .json("[]")
      }
    ])
    defer { Task { await server.stop() } }

    let started = ContinuousClock.now
    await #expect(throws: APIError.timedOut(seconds: 1)) {
      try await APIClient.live(baseURL: server.baseURL, timeout: .seconds(1)).fetchProducts()
    }
    // Given up well before the store's 5 s answer; the margin is for a machine the other suites
    // keep busy (3.03 s was seen in CI).
    #expect(ContinuousClock.now - started < .seconds(4))
    #expect(APIError.timedOut(seconds: 10).message == "The store did not answer within 10 s")
  }

  @Test func cancellingARequestStopsIt() async throws {
    let server = try await StubStoreServer([
      "GET /products": { _ in
        try await Task.sleep(for: .seconds(5))
        return .json("[]")
      }
    ])
    defer { Task { await server.stop() } }
    let client = APIClient.live(baseURL: server.baseURL)

    let started = ContinuousClock.now
    let request = Task { try await client.fetchProducts() }
    try await Task.sleep(for: .milliseconds(100))
    request.cancel()
    _ = await request.result
    // The server answers at 5 s; a cancelled request ends long before. 4 s leaves room for a
    // machine busy with the rest of the suite (2.8 s was seen).
    #expect(ContinuousClock.now - started < .seconds(4))
  }

  /// Finding 4 of the cart-safety issue, against a real server: the order reaches the store but
  /// its answer comes after the client's deadline. Sent again as the same attempt, it is
  /// recognised by its key: one order stored, and the second answer names it.
  @Test func anOrderThatTimedOutAndIsSentAgainIsTakenOnce() async throws {
    let book = OrderBook()
    let server = try await StubStoreServer([
      "POST /carts": { request in
        await book.take(request, body: try await request.bodyData, delayingNewOrdersBy: .milliseconds(3_000))
      }
    ])
    defer { Task { await server.stop() } }
    // The deadline leaves the second request room on a machine the whole suite keeps busy.
    let client = APIClient.live(baseURL: server.baseURL, timeout: .seconds(2))
    let attempt = OrderRequest(userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000), products: [.init(productId: 1, quantity: 2)])
      .attempt("9b2e6c1a-5d1f-4a53-8f43-2f6f3f1b7c10")

    await #expect(throws: APIError.timedOut(seconds: 2)) { try await client.sendOrder(attempt) }
    #expect(APIError.timedOut(seconds: 2).mayHaveReachedStore)
    // The store took the first request and answers it late. Sending again once that late answer
    // is out keeps the second request's own 2 s deadline clear of the first one's delay (the
    // client may reuse the connection, which is busy until then) on a loaded machine.
    let deadline = ContinuousClock.now + .seconds(10)
    while await book.lateAnswers == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    // The same attempt sent again, as a restarted store would send it (a client of its own),
    // with room for a machine the other suites keep busy: what counts is its key.
    let restarted = APIClient.live(baseURL: server.baseURL, timeout: .seconds(10))
    let confirmation = try await restarted.sendOrder(attempt)
    #expect(confirmation.id == 1)
    #expect(await book.orders.count == 1)
    #expect(await book.keysReceived == [attempt.idempotencyKey, attempt.idempotencyKey])
  }
}

extension OrderRequest {
  /// This order as an attempt with `key`.
  fileprivate func attempt(_ key: String) -> OrderAttempt {
    OrderAttempt(idempotencyKey: key, order: self)
  }
}
