import Clocks
import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// The store's own routes for several hosts: open carts kept and merged in the database, the
/// wait for another host's save, and SSH keys' customer numbers — each bound tried.
@Suite(.serialized)
struct OpenCartRouteTests {
  @Test(arguments: TestDatabase.all)
  func anOpenCartKeepsEveryHostsChanges(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      let offer = try #require(try await http.get("/shop").json as? [String: Any])
      #expect(offer["service"] as? String == "onlinestore-api" && offer["openCarts"] as? Bool == true)
      #expect(try await http.get("/shop/carts/1").decode(SavedCart.self) == .empty)
      #expect(try await http.get("/shop/carts/99").status == 404, "no such account")
      #expect(try await http.get("/shop/carts/1001").status == 404, "a number no key was given")
      #expect(try await http.get("/shop/carts/abc").status == 400)

      // Host A and host B, each sending only the lines it changed.
      let a = try await http.cartChanges(1, #"{"quantities":{"3":2,"7":1}}"#)
      #expect(try a.status == 200 && a.decode(SavedCart.self) == SavedCart(quantities: [3: 2, 7: 1], revision: 1))
      let b = try await http.cartChanges(1, #"{"quantities":{"5":4,"7":0}}"#)
      #expect(try b.decode(SavedCart.self) == SavedCart(quantities: [3: 2, 5: 4], revision: 2))
      #expect(try await http.get("/shop/carts/1").decode(SavedCart.self) == SavedCart(quantities: [3: 2, 5: 4], revision: 2))
      #expect(try await http.get("/shop/carts/2").decode(SavedCart.self) == .empty, "another customer's cart is their own")

      // The order whose answer never came travels with the cart, and is cleared the same way.
      let attempt = OrderAttempt(
        idempotencyKey: "k-1", order: OrderRequest(userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000), products: [.init(productId: 3, quantity: 2)])
      )
      var changes = CartChanges(unconfirmedOrder: .replaced(by: attempt))
      let kept = try await http.cartChanges(1, String(decoding: try StoreJSON.encoder.encode(changes), as: UTF8.self))
      #expect(try kept.decode(SavedCart.self).unconfirmedOrder == attempt)
      changes.unconfirmedOrder = .replaced(by: nil)
      let cleared = try await http.cartChanges(1, String(decoding: try StoreJSON.encoder.encode(changes), as: UTF8.self))
      #expect(try cleared.decode(SavedCart.self).unconfirmedOrder == nil)
      #expect(try cleared.decode(SavedCart.self).quantities == [3: 2, 5: 4])
    }
  }

  @Test(arguments: TestDatabase.all)
  func changesThatNoCartMayHoldAreRefused(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      let refused: [(String, String)] = [
        (#"{"quantities":{"3":100}}"#, "quantity 100 of product 3 is not between 0 and 99"),
        (#"{"quantities":{"3":-1}}"#, "quantity -1 of product 3 is not between 0 and 99"),
        (#"{"quantities":{"999":1}}"#, "no product 999"),
        (#"{"quantities":[1,2]}"#, #"the changes are not {"quantities": {"<product id>": <quantity>, …}}"#),
        ("not json", #"the changes are not {"quantities": {"<product id>": <quantity>, …}}"#),
        (
          #"{"replacesUnconfirmedOrder":true,"unconfirmedOrder":{"idempotencyKey":"k","order":{"userId":2,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":1}]}}}"#,
          "the order attempt is for customer 2, not 1"
        ),
        (
          #"{"replacesUnconfirmedOrder":true,"unconfirmedOrder":{"idempotencyKey":"k","order":{"userId":1,"date":"2026-11-21T10:00:00Z","products":[]}}}"#,
          "the order attempt is not an order this store would take"
        ),
        (
          Self.draftChange(fullName: String(repeating: "x", count: 101)),
          "a checkout draft's fields are at most 100 characters of visible text"
        ),
        (Self.draftChange(fullName: #"Ana\u001b[2J"#), "a checkout draft's fields are at most 100 characters of visible text"),
      ]
      for (body, reason) in refused {
        let answer = try await http.cartChanges(1, body)
        #expect(answer.status == 400 && answer.error == reason, "\(body)")
      }
      let lines = (1...101).map { "\"\($0)\":0" }.joined(separator: ",")
      #expect(try await http.cartChanges(1, "{\"quantities\":{\(lines)}}").error == "a cart holds at most 100 lines")
      #expect(try await http.cartChanges(1, #"{"quantities":{"999":0}}"#).status == 200, "a line of a product no longer sold can be removed")
      let huge = Data(count: 70 * 1_024)
      #expect(try await http.post("/shop/carts/1/changes", body: huge).status == 413)
      #expect(try await http.get("/shop/carts/1").decode(SavedCart.self).quantities.isEmpty, "nothing refused was stored")
    }
  }

  /// A change that sets the checkout draft, its name `fullName` (JSON-escaped already).
  static func draftChange(fullName: String) -> String {
    #"{"replacesCheckout":true,"checkout":{"address":{"fullName":"\#(fullName)","line1":"","line2":"","city":"","region":"","postalCode":"","country":"US","email":"","phone":""},"delivery":"standard","step":"address"}}"#
  }

  /// The checkout draft goes with the open cart, and goes when a save clears it.
  @Test func theCheckoutDraftIsKeptWithTheCart() async throws {
    try await RouteTests.withServer(.sqlite) { http, _ in
      func draft() async throws -> CheckoutDraft? { try await http.get("/shop/carts/1").decode(SavedCart.self).checkout }
      let kept = try await http.cartChanges(1, Self.draftChange(fullName: "김민지"))
      #expect(kept.status == 200)
      #expect(try await draft()?.address.fullName == "김민지")
      let otherLines = try await http.cartChanges(1, #"{"quantities":{"3":1}}"#)
      #expect(otherLines.status == 200)
      #expect(try await draft()?.address.fullName == "김민지", "a save of other lines keeps it")
      let cleared = try await http.cartChanges(1, #"{"replacesCheckout":true,"checkout":null}"#)
      #expect(cleared.status == 200)
      #expect(try await draft() == nil)
    }
  }

  /// A cart can only hold as many lines as a cart may, however many saves make it up.
  @Test func savesTogetherStayWithinTheLinesOfOneCart() async throws {
    let demo = try StoreCatalog.demo()
    let template = demo.products[0]
    let products = (1...150).map {
      Product(id: $0, title: "Item \($0)", price: template.price, description: "", category: template.category, imageURL: template.imageURL, rating: template.rating)
    }
    try await RouteTests.withServer(.sqlite, catalog: StoreCatalog(products: products, customers: demo.customers)) { http, _ in
      let first = (1...100).map { "\"\($0)\":1" }.joined(separator: ",")
      #expect(try await http.cartChanges(1, "{\"quantities\":{\(first)}}").status == 200)
      let answer = try await http.cartChanges(1, #"{"quantities":{"101":1}}"#)
      #expect(answer.status == 422 && answer.error == "a cart holds at most 100 lines")
      #expect(try await http.cartChanges(1, #"{"quantities":{"101":1,"1":0}}"#).status == 200, "room made in the same save")
      #expect(try await http.get("/shop/carts/1").decode(SavedCart.self).quantities.count == 100)
    }
  }

  /// On the server's test clock: a held request ends when its wait is up on that clock, and a
  /// save wakes it while no time passes at all.
  @Test(arguments: TestDatabase.all)
  func aWaitingClientHearsTheNextSave(database: TestDatabase) async throws {
    let clock = TestClock()
    try await RouteTests.withServer(database, clock: ElapsedClock(clock)) { http, routes in
      let watchers = routes.openCarts.watchers
      #expect(try await http.cartChanges(1, #"{"quantities":{"3":1}}"#).status == 200)
      let behind = try await http.get("/shop/carts/1/updates?after=0&wait=5")
      #expect(try behind.status == 200 && behind.decode(SavedCart.self).revision == 1, "a client behind gets the cart at once")

      let quiet = Task { try await http.get("/shop/carts/1/updates?after=1&wait=1") }
      await watchers.untilHolding(atLeast: 1)
      await clock.advance(by: .milliseconds(999))
      #expect(watchers.count == 1, "still held just before its wait is up")
      await clock.advance(by: .milliseconds(2))
      #expect(try await quiet.value.status == 204, "nothing saved: no content, when the wait is up")

      let waiting = Task { try await http.get("/shop/carts/1/updates?after=1&wait=20") }
      await watchers.untilHolding(atLeast: 1)
      #expect(try await http.cartChanges(1, #"{"quantities":{"4":2}}"#).status == 200)
      let heard = try await waiting.value
      #expect(try heard.status == 200 && heard.decode(SavedCart.self) == SavedCart(quantities: [3: 1, 4: 2], revision: 2), "woken by the save: the clock never moved")

      #expect(try await http.get("/shop/carts/1/updates?after=2&wait=0").status == 204, "wait=0 answers at once")
      for query in ["", "?after=-1", "?after=x", "?after=0&wait=-1", "?after=0&wait=31"] {
        #expect(try await http.get("/shop/carts/1/updates" + query).status == 400, "\(query)")
      }
    }
  }

  @Test func waitingClientsAreBounded() async throws {
    var limits = APILimits.testing
    limits.maximumCartWatchers = 2
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, limits: limits, clock: ElapsedClock(clock)) { http, routes in
      let first = Task { try await http.get("/shop/carts/1/updates?after=0&wait=3") }
      let second = Task { try await http.get("/shop/carts/2/updates?after=0&wait=3") }
      await routes.openCarts.watchers.untilHolding(atLeast: 2)
      let third = try await http.get("/shop/carts/1/updates?after=0&wait=3")
      #expect(third.status == 503 && third.headers["retry-after"] == "5")
      await clock.advance(by: .seconds(3))
      #expect(try await first.value.status == 204)
      #expect(try await second.value.status == 204)
      #expect(routes.openCarts.watchers.count == 0, "places come back when the waits end")
      #expect(try await http.get("/shop/carts/1/updates?after=0&wait=0").status == 204)
    }
  }

  /// One customer's waits are bounded apart from everyone's: a client asking again and again
  /// under one number takes that number's places, not the other customers'.
  @Test func oneCustomersWaitingClientsAreBoundedApart() async throws {
    var limits = APILimits.testing
    limits.maximumCartWatchers = 10
    limits.maximumCartWatchersPerCustomer = 2
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, limits: limits, clock: ElapsedClock(clock)) { http, routes in
      let watchers = routes.openCarts.watchers
      let held = (0..<2).map { _ in Task { try await http.get("/shop/carts/1/updates?after=0&wait=3") } }
      await watchers.untilHolding(atLeast: 2)
      let third = try await http.get("/shop/carts/1/updates?after=0&wait=3")
      #expect(third.status == 503, "a third wait for customer 1")
      let other = Task { try await http.get("/shop/carts/2/updates?after=0&wait=1") }
      await watchers.untilHolding(atLeast: 3)
      await clock.advance(by: .seconds(3))
      #expect(try await other.value.status == 204, "customer 2 still waits")
      for wait in held { #expect(try await wait.value.status == 204) }
      let again = Task { try await http.get("/shop/carts/1/updates?after=0&wait=1") }
      await watchers.untilHolding(atLeast: 1)
      await clock.advance(by: .seconds(1))
      #expect(try await again.value.status == 204, "customer 1's places come back")
    }
  }

  @Test func theWaitersTableCountsEachCustomer() {
    let watchers = CartWatchers(capacity: 5, perTopic: 2)
    let tickets = [watchers.enlist(1), watchers.enlist(1)]
    #expect(tickets.allSatisfy { $0 != nil })
    #expect(watchers.enlist(1) == nil)
    #expect(watchers.enlist(2) != nil)
    watchers.release(tickets[0]!)
    #expect(watchers.enlist(1) != nil, "a released place is the customer's again")
    #expect(watchers.count == 3)
  }

  /// A waiting client holds up no stop: the server answers it as it stops, not at the end of its
  /// wait. The server's clock never moves, so nothing but the stop can end that wait; were the
  /// client left waiting, its request would fail at its own 30 s timeout and `answer` be `nil`.
  @Test(.timeLimit(.minutes(1))) func aStoppingServerLetsItsWaitingClientsGo() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    let clock = WatchedClock()
    let server = try await TestServer(location: location, clock: ElapsedClock(clock))
    let http = HTTP(baseURL: server.baseURL)
    let waiting = Task { try? await http.get("/shop/carts/1/updates?after=0&wait=20") }
    // Two sleeps begin on the clock, in either order: the stock follower's pause and the client's wait.
    await clock.sleeping()
    await clock.sleeping()
    await server.stop()
    let answer = await waiting.value
    #expect(answer?.status == 204, "answered unchanged as the server stopped")
    await remove()
  }

  @Test(arguments: TestDatabase.all)
  func aKeyKeepsItsNumberAndNewKeysAreBounded(database: TestDatabase) async throws {
    var limits = APILimits.testing
    limits.newKeysPerOriginPerHour = 3
    try await RouteTests.withServer(database, limits: limits) { http, _ in
      #expect(try await http.keyCustomer("ada", origin: "198.51.100.7") == 1_001)
      #expect(try await http.keyCustomer("ada", origin: "203.0.113.9") == 1_001, "the same number from anywhere")
      #expect(try await http.keyCustomer("bob", origin: "198.51.100.7") == 1_002)
      #expect(try await http.keyCustomer("cy", origin: "198.51.100.7") == 1_003)
      let refused = try await http.post("/shop/key-customers", body: Data(#"{"fingerprint":"SHA256:dee","origin":"198.51.100.7"}"#.utf8))
      #expect(refused.status == 429 && refused.error == "more than 3 new keys from this address in the last hour")
      #expect(try await http.keyCustomer("bob", origin: "198.51.100.7") == 1_002, "a known key still gets its number")
      #expect(try await http.keyCustomer("dee", origin: "203.0.113.9") == 1_004, "another origin has its own count")
      #expect(try await http.get("/shop/carts/1004").decode(SavedCart.self) == .empty, "a key's number has a cart")
      for body in [#"{"fingerprint":"MD5:aa","origin":"x"}"#, #"{"fingerprint":"SHA256:a b","origin":"x"}"#, #"{"fingerprint":"SHA256:ok","origin":""}"#, "[]",
                 // Control characters in an origin would reach the operator's logs and terminal.
                 #"{"fingerprint":"SHA256:ok","origin":"198.51.100.7\u001b[2J"}"#, #"{"fingerprint":"SHA256:ok","origin":"a\u0007"}"#,
                 #"{"fingerprint":"SHA256:ok","origin":"caf\u00e9"}"#] {
        #expect(try await http.post("/shop/key-customers", body: Data(body.utf8)).status == 400, "\(body)")
      }
    }
  }

  @Test func withATokenCartsAndKeysAskForIt() async throws {
    try await RouteTests.withServer(.sqlite, token: HardeningTests.token) { (http: HTTP, _: StoreRoutes) async throws in
      #expect(try await http.get("/shop").status == 200, "what the server offers is no secret")
      #expect(try await http.get("/shop/carts/1").status == 401)
      #expect(try await http.get("/shop/carts/1/updates?after=0").status == 401)
      #expect(try await http.cartChanges(1, #"{"quantities":{"3":1}}"#).status == 401)
      var right = http
      right.headers = ["Authorization": "Bearer " + HardeningTests.token]
      #expect(try await right.cartChanges(1, #"{"quantities":{"3":1}}"#).status == 200)
    }
  }
}

extension HTTP {
  /// `POST /shop/carts/<customer>/changes` with `body`.
  func cartChanges(_ customer: Int, _ body: String) async throws -> Answer {
    try await post("/shop/carts/\(customer)/changes", body: Data(body.utf8))
  }
}
