import FlyingFox
import FlyingSocks
import Boundaries
import Foundation
import Shop
import StoreTestSupport
import Testing

/// The HTTP client against a real server on 127.0.0.1: real answers, slow answers, errors,
/// malformed and oversized bodies.
struct LiveAPIClientTests {
  @Test func fetchesAndDecodesTheRealCatalog() async throws {
    let products = try Fixture.products.data
    let server = try await StubStoreServer(["GET /products": { _ in .json(products) }])
    defer { Task { await server.stop() } }

    let fetched = try await APIClient.live(baseURL: server.baseURL).fetchProducts()
    #expect(fetched.products.count == 20 && fetched.skippedCount == 0)
    #expect(fetched.products[4].price == Money(cents: 69_500))
  }

  /// One product with a broken field does not hide the rest of the catalog: it is left out
  /// and counted.
  @Test func aBrokenProductIsSkippedAndCounted() async throws {
    var products = try JSONSerialization.jsonObject(with: Fixture.products.data) as! [[String: Any]]
    products[2]["price"] = -5
    products[7].removeValue(forKey: "title")
    let body = try JSONSerialization.data(withJSONObject: products + [NSNull()])
    let server = try await StubStoreServer(["GET /products": { _ in .json(body) }])
    defer { Task { await server.stop() } }

    let fetched = try await APIClient.live(baseURL: server.baseURL).fetchProducts()
    #expect(fetched.products.count == 18)
    #expect(fetched.skippedCount == 3)
    #expect(!fetched.products.contains { $0.id == 3 || $0.id == 8 })
  }

  /// A server that sends a description of a megabyte, one word long, and a title of 100,000
  /// characters: the shop keeps what a screen could ever show (50,000 and 2,000 characters, the
  /// last one "…"), so that no frame wraps a megabyte.
  @Test func textBeyondWhatAScreenShowsIsCut() async throws {
    var products = try JSONSerialization.jsonObject(with: Fixture.products.data) as! [[String: Any]]
    products[0]["description"] = String(repeating: "x", count: 1_000_000)
    products[0]["title"] = String(repeating: "한", count: 100_000)
    let body = try JSONSerialization.data(withJSONObject: products)
    let server = try await StubStoreServer(["GET /products": { _ in .json(body) }])
    defer { Task { await server.stop() } }

    let fetched = try await APIClient.live(baseURL: server.baseURL).fetchProducts()
    let first = try #require(fetched.products.first)
    #expect(first.description.count == 50_000 && first.description.hasSuffix("x…"))
    #expect(first.title.count == 2_000 && first.title.hasSuffix("한…"))
    #expect(fetched.products[1].description == (products[1]["description"] as? String), "text within the bounds is as sent")
  }

  /// A 409 says what changed, in the store's words, and is not an unclear failure.
  @Test func aRefusalBecauseAPriceChangedSaysWhatChanged() async throws {
    let server = try await StubStoreServer([
      "POST /carts": { _ in .json(#"{"error":"the price of Brass pen changed to $34.00\u001b[2J"}"#, status: .conflict) }
    ])
    defer { Task { await server.stop() } }
    let attempt = OrderAttempt(idempotencyKey: "k", order: OrderRequest(userId: 1, date: .now, products: [.init(productId: 3, quantity: 1)]))
    await #expect(throws: APIError.changed("the price of Brass pen changed to $34.00[2J")) {
      try await APIClient.live(baseURL: server.baseURL).sendOrder(attempt)
    }
    #expect(APIError.changed("the price of Brass pen changed to $34.00").message == "The price of Brass pen changed to $34.00")
    #expect(!APIError.changed("x").mayHaveReachedStore)
  }

  /// A server that wants the shop's token says so, and the message names the flag that gives it.
  @Test func a401NamesTheFlagThatGivesTheToken() async throws {
    let server = try await StubStoreServer(["GET /products": { _ in .json(#"{"error":"a token is needed"}"#, status: .unauthorized) }])
    defer { Task { await server.stop() } }
    await #expect(throws: APIError.httpStatus(401)) { try await APIClient.live(baseURL: server.baseURL).fetchProducts() }
    #expect(APIError.httpStatus(401).message.contains("--api-token-file"))
    #expect(APIError.httpStatus(403).message == "The store answered 403")
  }

  /// A store that says nothing of shipping (FakeStore) ships by the standard rules.
  @Test func shippingRulesAreTheStoresOrTheStandardOnes() async throws {
    let rules = ShippingRules(standardFee: Money(cents: 700), expressFee: Money(cents: 2_000), freeStandardFrom: Money(cents: 5_000))
    let body = try StoreJSON.encoder.encode(rules)
    let server = try await StubStoreServer(["GET /shop/shipping": { _ in .json(body) }])
    defer { Task { await server.stop() } }
    #expect(try await APIClient.live(baseURL: server.baseURL).fetchShippingRules() == rules)
    let plain = try await StubStoreServer([:])
    defer { Task { await plain.stop() } }
    #expect(try await APIClient.live(baseURL: plain.baseURL).fetchShippingRules() == .standard)
  }

  /// A book is saved with PUT and its body: a PUT was once sent as a GET, which every server
  /// answered 200, so no address was ever kept at a store's server.
  @Test func anAddressBookIsSavedWithAPutThatCarriesIt() async throws {
    let received = LockIsolated<(method: String, body: Data)?>(nil)
    let server = try await StubStoreServer([
      "PUT /shop/customers/1001/addresses": { request in
        let body = try await request.bodyData
        received.setValue((request.method.rawValue, body))
        return .json(#"{"addresses":[]}"#)
      }
    ])
    defer { Task { await server.stop() } }
    try await StoreServer(baseURL: server.baseURL).save(AddressBook(addresses: [.seoul]), of: 1_001)
    #expect(received.value?.method == "PUT")
    let body = try #require(received.value?.body)
    #expect(try StoreJSON.decoder.decode(AddressBook.self, from: body) == AddressBook(addresses: [.seoul]))
  }

  @Test func fetchesAUser() async throws {
    let user = try Fixture.user1.data
    let server = try await StubStoreServer(["GET /users/1": { _ in .json(user) }])
    defer { Task { await server.stop() } }

    let profile = try await APIClient.live(baseURL: server.baseURL).fetchUserProfile(id: 1)
    #expect(profile.fullName == "John Doe")
  }

  @Test func fetchesTheStoresCategories() async throws {
    let categories = try Fixture.categories.data
    let server = try await StubStoreServer(["GET /products/categories": { _ in .json(categories) }])
    defer { Task { await server.stop() } }

    let fetched = try await APIClient.live(baseURL: server.baseURL).fetchCategories()
    #expect(fetched == ["electronics", "jewelery", "men's clothing", "women's clothing"])
  }

  @Test func anUnknownUserIsNotFound() async throws {
    let server = try await StubStoreServer(["GET /users/99": { _ in .json("null") }])
    defer { Task { await server.stop() } }

    await #expect(throws: APIError.notFound("user 99")) {
      try await APIClient.live(baseURL: server.baseURL).fetchUserProfile(id: 99)
    }
  }

  @Test func postsTheOrderAsADocumentedCart() async throws {
    let received = Received()
    let server = try await StubStoreServer([
      "POST /carts": { request in
        await received.set(try await request.bodyData)
        return .json(#"{"id":11,"userId":1,"date":"2026-11-18T11:06:40.000Z","products":[{"productId":1,"quantity":2}],"__v":0}"#)
      }
    ])
    defer { Task { await server.stop() } }

    let order = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 1, quantity: 2)])
    let confirmation = try await APIClient.live(baseURL: server.baseURL).sendOrder(order.attempt())
    #expect(confirmation.id == 11)
    let body = try #require(await received.data)
    let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    #expect(json?["userId"] as? Int == 1)
    #expect(json?["date"] as? String == "2026-11-18T11:06:40Z")
    #expect((json?["products"] as? [[String: Int]]) == [["productId": 1, "quantity": 2]])
  }

  @Test(arguments: [HTTPStatusCode.notFound, .internalServerError, .serviceUnavailable, .badRequest])
  func onlyTwoHundredsSucceed(status: HTTPStatusCode) async throws {
    let server = try await StubStoreServer([
      "GET /products": { _ in .json("[]", status: status) },
      "POST /carts": { _ in .json(#"{"id":1,"userId":1,"products":[]}"#, status: status) },
    ])
    defer { Task { await server.stop() } }
    let client = APIClient.live(baseURL: server.baseURL)

    await #expect(throws: APIError.httpStatus(status.code)) { try await client.fetchProducts() }
    let order = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 1, quantity: 1)])
    await #expect(throws: APIError.httpStatus(status.code)) { try await client.sendOrder(order.attempt()) }
    #expect(APIError.httpStatus(503).message == "The store answered 503")
  }

  @Test func malformedBodiesAreReported() async throws {
    let server = try await StubStoreServer([
      "GET /products": { _ in .json(#"[{"id": 1, "title": "half a product"}]"#) },
      "GET /users/1": { _ in
        HTTPResponse(
          statusCode: .ok, headers: [.contentType: "text/html"],
          body: Data("<html><body>Please sign in to the Wi-Fi</body></html>".utf8)
        )
      },
    ])
    defer { Task { await server.stop() } }
    let client = APIClient.live(baseURL: server.baseURL)

    let error = await #expect(throws: APIError.self) { try await client.fetchProducts() }
    #expect(error?.message.hasPrefix("The store sent data we could not read") == true)
    await #expect(throws: APIError.notJSON) { try await client.fetchUserProfile(id: 1) }
  }

  @Test func oversizedBodiesAreRefused() async throws {
    let big = Data(repeating: UInt8(ascii: " "), count: 3 * 1_048_576)
    let server = try await StubStoreServer([
      "GET /products": { _ in .json(big) },
      "GET /users/1": { _ in
        // No Content-Length: the limit must be enforced while the body streams in.
        HTTPResponse(
          statusCode: .ok,
          headers: [.contentType: "application/json"],
          body: HTTPBodySequence(from: ChunkedBytes(total: 3 * 1_048_576))
        )
      },
    ])
    defer { Task { await server.stop() } }
    let client = APIClient.live(baseURL: server.baseURL, maxResponseBytes: 1_048_576)

    await #expect(throws: APIError.tooLarge(limitBytes: 1_048_576)) { try await client.fetchProducts() }
    await #expect(throws: APIError.tooLarge(limitBytes: 1_048_576)) {
      try await client.fetchUserProfile(id: 1)
    }
  }

  /// A 304 answers only a conditional request: to a plain one it is a status like any other,
  /// not an empty body to decode.
  @Test func aNotModifiedToAPlainRequestIsAFailure() async throws {
    let server = try await StubStoreServer(["GET /products": { _ in HTTPResponse(statusCode: .notModified) }])
    defer { Task { await server.stop() } }
    await #expect(throws: APIError.httpStatus(304)) { try await APIClient.live(baseURL: server.baseURL).fetchProducts() }
  }

  @Test func anUnreachableStoreSaysSo() async throws {
    let port = try closedLocalPort()
    let client = APIClient.live(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    await #expect(throws: APIError.unreachable("the connection was refused")) {
      try await client.fetchProducts()
    }
  }

}

/// A body of spaces produced in 64 KiB pieces, with no length announced up front.
struct ChunkedBytes: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let total: Int

  struct AsyncIterator: AsyncBufferedIteratorProtocol {
    var remaining: Int

    mutating func next() async -> UInt8? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      return UInt8(ascii: " ")
    }

    mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
      guard remaining > 0 else { return nil }
      let size = Swift.min(remaining, Swift.max(1, Swift.min(count, 65_536)))
      remaining -= size
      return [UInt8](repeating: UInt8(ascii: " "), count: size)
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(remaining: total)
  }
}

/// What the stub server was sent.
actor Received {
  var data: Data?
  func set(_ data: Data) { self.data = data }
}

extension LiveAPIClientTests {
  /// A refusal and an unreachable store are clear: nothing was taken.
  @Test func refusalsAreClearFailures() {
    #expect(!APIError.httpStatus(400).mayHaveReachedStore)
    #expect(!APIError.httpStatus(500).mayHaveReachedStore)
    #expect(!APIError.unreachable("the connection was refused").mayHaveReachedStore)
    #expect(APIError.httpStatus(504).mayHaveReachedStore)
  }
}
