import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// Every route, in FakeStore's shapes, against SQLite and PostgreSQL alike.
@Suite(.serialized)
struct RouteTests {
  /// Runs `body` against a fresh store over a fresh database of `kind`, its router driven in
  /// this process (``InProcessAPI``), with the store's routes (to wake waiting requests as
  /// another instance would).
  static func withServer(
    _ kind: TestDatabase, catalog: StoreCatalog? = nil, faults: FaultPlan = FaultPlan(), limits: APILimits = .testing, token: String? = nil,
    adminToken: String? = nil, frontDoorToken: String? = nil, clock: ElapsedClock = .continuous,
    now: @escaping @Sendable () -> Date = Date.init,
    _ body: @escaping @Sendable (HTTP, StoreRoutes) async throws -> Void
  ) async throws {
    let (location, remove) = try await kind.make()
    var configuration = APIServer.Configuration.testing(location, catalog: catalog, faults: faults, limits: limits, token: token, adminToken: adminToken)
    configuration.clock = clock
    configuration.now = now
    configuration.frontDoorToken = frontDoorToken
    do {
      try await InProcessAPI.with(configuration, body)
    } catch {
      await remove()
      throw error
    }
    await remove()
  }

  /// Runs `body` against a fresh server listening on 127.0.0.1 (``TestServer``): for what only
  /// a socket shows — the spellings a client can put on the wire, slow and greedy connections.
  static func withServerOnSocket(
    _ kind: TestDatabase, limits: APILimits = .testing, token: String? = nil, adminToken: String? = nil,
    _ body: (HTTP, TestServer) async throws -> Void
  ) async throws {
    let (location, remove) = try await kind.make()
    let server = try await TestServer(location: location, limits: limits, token: token, adminToken: adminToken)
    do {
      try await body(HTTP(baseURL: server.baseURL), server)
    } catch {
      await server.stop()
      await remove()
      throw error
    }
    await server.stop()
    await remove()
  }

  /// The framework's ceiling for the benchmark is no route of a real server's: only a server
  /// asked for it (`--benchmark-route`) answers it.
  @Test func theBenchmarkRouteIsServedOnlyWhenAskedFor() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    for asked in [false, true] {
      let server = try await TestServer(location: location, benchmarkRoute: asked)
      let answer = try? await HTTP(baseURL: server.baseURL).get("/_bench/hello")
      await server.stop()
      #expect(answer?.status == (asked ? 200 : 404), "asked: \(asked)")
    }
    await remove()
  }

  /// HEAD is answered wherever GET is: the same status and headers, no body (it answered 404).
  @Test func headIsAnsweredWhereverGetIs() async throws {
    try await Self.withServer(.sqlite) { http, _ in
      for path in ["/products", "/products/1", "/products/categories", "/img/product-1.png", "/shop", "/shop/stock"] {
        var request = URLRequest(url: URL(string: http.baseURL.absoluteString + path)!)
        request.httpMethod = "HEAD"
        let head = try await http.send(request)
        let get = try await http.get(path)
        #expect(head.status == 200 && get.status == 200, "\(path)")
        #expect(head.body.isEmpty, "\(path): no body")
        #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
      }
      var unknown = URLRequest(url: URL(string: http.baseURL.absoluteString + "/nothing")!)
      unknown.httpMethod = "HEAD"
      #expect(try await http.send(unknown).status == 404)
    }
  }

  /// The demo catalog's pictures: the bytes, a tag that makes a second fetch a 304, and a 404
  /// (in JSON, as every refusal) for a name the catalog does not have.
  @Test func thePicturesOfTheCatalog() async throws {
    try await Self.withServer(.sqlite) { http, _ in
      let picture = try await http.get("/img/product-7.png")
      #expect(picture.status == 200 && picture.headers["content-type"] == "image/png")
      #expect(picture.body == DemoCatalogFiles.picture(named: "product-7.png"))
      #expect(picture.headers["cache-control"] == "public, max-age=3600")
      let tag = try #require(picture.headers["etag"])
      var conditional = http
      conditional.headers["If-None-Match"] = tag
      let again = try await conditional.get("/img/product-7.png")
      #expect(again.status == 304 && again.body.isEmpty)
      conditional.headers["If-None-Match"] = "\"something else\""
      #expect(try await conditional.get("/img/product-7.png").status == 200)
      let missing = try await http.get("/img/nothing.png")
      #expect(missing.status == 404 && missing.error == "no picture nothing.png")
      // A path that climbs out is refused before any route is looked up.
      #expect(try await http.get("/img/..%2Fapi.sqlite").status == 400)
    }
  }

  @Test(arguments: TestDatabase.all)
  func productsAndCategories(database: TestDatabase) async throws {
    try await Self.withServer(database) { http, _ in
      var demo = try StoreCatalog.demo()
      // The demo's pictures are this server's: `/img/<file>`, relative to it.
      demo.products = demo.products.map { CatalogPictures.rewrite($0, publicBase: nil) }
      #expect(demo.products[0].imageURL == "/img/product-1.png")
      let all = try await http.get("/products")
      #expect(all.status == 200)
      #expect(all.headers["content-type"]?.hasPrefix("application/json") == true)
      #expect(try all.decode([Product].self) == demo.products)

      #expect(try await http.get("/products?limit=3").decode([Product].self).map(\.id) == [1, 2, 3])
      #expect(try await http.get("/products?sort=desc&limit=2").decode([Product].self).map(\.id) == [20, 19])

      let categories = try await http.get("/products/categories").decode([String].self)
      #expect(categories == ["stationery", "kitchen", "outdoor", "electronics"])
      let kitchen = try await http.get("/products/category/kitchen").decode([Product].self)
      #expect(!kitchen.isEmpty && kitchen.allSatisfy { $0.category == "kitchen" })
      #expect(try await http.get("/products/category/no%20such").decode([Product].self).isEmpty)

      #expect(try await http.get("/products/7").decode(Product.self) == demo.products[6])
      // FakeStore answers an unknown id with 200 and `null`; this server says so.
      let missing = try await http.get("/products/999")
      #expect(missing.status == 404 && missing.error == "no product 999")
      #expect(try await http.get("/products/abc").status == 400)
    }
  }

  @Test(arguments: TestDatabase.all)
  func usersAndLogin(database: TestDatabase) async throws {
    try await Self.withServer(database) { http, _ in
      let demo = try StoreCatalog.demo()
      #expect(try await http.get("/users").decode([Customer].self) == demo.customers)
      let ada = try await http.get("/users/1").decode(Customer.self)
      #expect(ada.username == "ada")
      // The terminal store reads the part it shows.
      #expect(try await http.get("/users/1").decode(UserProfile.self).fullName == "Ada Lovelace")
      #expect(try await http.get("/users/99").status == 404)

      let login = try await http.post("/auth/login", body: Data(#"{"username":"ada","password":"not-a-real-password"}"#.utf8))
      #expect(login.status == 200)
      #expect(((login.json as? [String: String])?["token"]?.count ?? 0) >= 32)
      let wrong = try await http.post("/auth/login", body: Data(#"{"username":"ada","password":"guess"}"#.utf8))
      #expect(wrong.status == 401 && wrong.error == "username or password is incorrect")
      #expect(try await http.post("/auth/login", body: Data("{".utf8)).status == 400)
    }
  }

  @Test(arguments: TestDatabase.all)
  func ordersAreStoredAndListed(database: TestDatabase) async throws {
    try await Self.withServer(database) { http, _ in
      let first = try await http.order(.sample(1, quantity: 2, minute: 0))
      #expect(first.status == 200)
      let stored = try first.decode(StoredOrder.self)
      #expect(stored.id == 1 && stored.userId == 1 && stored.products == [.init(productId: 1, quantity: 2, price: Money(cents: 1_450))])
      #expect((first.json as? [String: Any])?["__v"] as? Int == 0, "FakeStore's cart shape")
      // The terminal store reads the answer as its confirmation.
      #expect(try first.decode(OrderConfirmation.self).id == 1)

      _ = try await http.order(.sample(2, minute: 60 * 24))
      _ = try await http.order(.sample(3, userId: 2, minute: 60 * 48))

      #expect(try await http.get("/carts/1").decode(StoredOrder.self) == stored)
      #expect(try await http.get("/carts/9").status == 404)
      #expect(try await http.get("/carts").decode([StoredOrder].self).map(\.id) == [1, 2, 3])
      #expect(try await http.get("/carts?sort=desc&limit=2").decode([StoredOrder].self).map(\.id) == [3, 2])
      // A customer's orders, newest first: the store's order history reads this.
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).map(\.id) == [2, 1])
      #expect(try await http.get("/carts/user/2").decode([StoredOrder].self).map(\.id) == [3])
      #expect(try await http.get("/carts/user/99").status == 404)
      // A shopper known by an SSH key (`onlinestore serve`) orders under the number the server
      // gave the key, of the key-shopper range, which no catalog customer holds, and reads their
      // history back. A number of that range no key was given is no one's.
      #expect(try await http.get("/carts/user/1001").status == 404)
      #expect(try await http.order(.sample(4, userId: 1001)).error == "no customer 1001")
      #expect(try await http.keyCustomer("ada") == 1001)
      #expect(try await http.get("/carts/user/1001").decode([StoredOrder].self).isEmpty)
      let byKey = try await http.order(.sample(4, userId: 1001, minute: 60 * 72))
      #expect(byKey.status == 200)
      #expect(try await http.get("/carts/user/1001").decode([StoredOrder].self).map(\.userId) == [1001])
      #expect(try await http.get("/users/1001").status == 404, "a key shopper has no account record")
      // Dates: a day includes the whole of it.
      #expect(try await http.get("/carts?startdate=2026-11-22&enddate=2026-11-22").decode([StoredOrder].self).map(\.id) == [2])
      #expect(try await http.get("/carts/user/1?startdate=2026-11-22").decode([StoredOrder].self).map(\.id) == [2])
      #expect(try await http.get("/carts?startdate=yesterday").status == 400)
      #expect(try await http.get("/carts?startdate=2026-11-23&enddate=2026-11-22").status == 400)
      // The last day there is: its end is past year 9999 and must still bound nothing away.
      #expect(try await http.get("/carts?enddate=9999-12-31").decode([StoredOrder].self).map(\.id).contains(2))
      #expect(try await http.get("/carts?startdate=2026-11-22&enddate=9999-12-31T23:59:59Z").decode([StoredOrder].self).map(\.id).contains(2))
    }
  }

  @Test(arguments: TestDatabase.all)
  func badRequestsAreRefusedAndStoreNothing(database: TestDatabase) async throws {
    try await Self.withServer(database) { http, _ in
      let refused: [(String, String)] = [
        (#"{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":999,"quantity":1}]}"#, "no product 999"),
        (#"{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":0}]}"#, "quantity 0 of product 1 is not between 1 and 99"),
        (#"{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":100}]}"#, "quantity 100 of product 1 is not between 1 and 99"),
        (#"{"userId":1,"date":"2026-11-21T10:00:00Z","products":[]}"#, "the order has no products"),
        (#"{"userId":42,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":1}]}"#, "no customer 42"),
        (#"{"userId":1000,"date":"2026-11-21T10:00:00Z","products":[{"productId":1,"quantity":1}]}"#, "no customer 1000"),
        (#"{"userId":1,"products":[{"productId":1,"quantity":1},{"productId":1,"quantity":2}]}"#, "product 1 is in the order twice"),
        (#"{"userId":"one","products":[]}"#, "the order is not a cart: 'userId' has the wrong type"),
        (#"{"products":[]}"#, "the order is not a cart: missing 'userId'"),
        ("[1, 2", "the order is not a cart: not valid JSON"),
        ("", "the order is not a cart: not valid JSON"),
      ]
      for (body, message) in refused {
        let answer = try await http.post("/carts", body: Data(body.utf8))
        #expect(answer.status == 400, "\(body)")
        #expect(answer.error == message, "\(body)")
      }
      let huge = try await http.post("/carts", body: Data(repeating: UInt8(ascii: " "), count: 65 * 1024))
      #expect(huge.status == 413 && huge.error == "the body is larger than 64 KiB")
      let badKey = try await http.order(.sample(), key: String(repeating: "k", count: 201))
      #expect(badKey.status == 400)
      #expect(try await http.get("/no/such/route").status == 404)
      #expect(try await http.get("/products?limit=0").status == 400)
      #expect(try await http.get("/products?limit=%2B5").status == 400, "a sign is not a digit")
      #expect(try await http.get("/products?sort=sideways").status == 400)
      #expect(try await http.get("/carts").decode([StoredOrder].self).isEmpty, "nothing was stored")
    }
  }

  @Test(arguments: TestDatabase.all)
  func anOrderSentAgainWithItsKeyIsStoredOnce(database: TestDatabase) async throws {
    try await Self.withServer(database) { http, _ in
      let first = try await http.order(.sample(4, quantity: 2), key: "attempt-1")
      #expect(first.status == 200 && first.headers["idempotent-replayed"] == nil)
      let again = try await http.order(.sample(4, quantity: 2), key: "attempt-1")
      #expect(again.status == 200)
      #expect(again.headers["idempotent-replayed"] == "true")
      #expect(try again.decode(StoredOrder.self) == first.decode(StoredOrder.self))
      let changed = try await http.order(.sample(4, quantity: 3), key: "attempt-1")
      #expect(changed.status == 422 && changed.error == "this Idempotency-Key was used for a different order")
      // Without a key, every post is an order, as at FakeStore.
      _ = try await http.order(.sample(4))
      _ = try await http.order(.sample(4))
      #expect(try await http.get("/carts").decode([StoredOrder].self).count == 3)
    }
  }

  /// 50 clients post 20 orders each at once, and send a third of them a second time with the
  /// same key: exactly 1,000 orders are stored, none lost, none doubled.
  @Test(arguments: TestDatabase.all)
  func concurrentOrdersAreNeitherLostNorDoubled(database: TestDatabase) async throws {
    var limits = APILimits.testing
    limits.maximumPage = 2_000
    try await Self.withServer(database, limits: limits) { http, _ in
      let ids = try await withThrowingTaskGroup(of: [Int].self) { group in
        for client in 0..<50 {
          group.addTask {
            var ids: [Int] = []
            for number in 0..<20 {
              let key = "client-\(client)-order-\(number)"
              let order = OrderRequest.sample(number % 20 + 1, quantity: client % 99 + 1, userId: client % 2 + 1, minute: number)
              let answer = try await http.order(order, key: key)
              #expect(answer.status == 200)
              let id = try answer.decode(StoredOrder.self).id
              ids.append(id)
              if number % 3 == 0 {
                #expect(try await http.order(order, key: key).decode(StoredOrder.self).id == id)
              }
            }
            return ids
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(ids.count == 1_000)
      #expect(Set(ids).count == 1_000, "every order got a number of its own")
      let stored = try await http.get("/carts?limit=2000").decode([StoredOrder].self)
      #expect(stored.count == 1_000)
      #expect(Set(stored.map(\.id)) == Set(ids))
    }
  }

  /// A restart keeps every order, and the catalog the database was first given.
  @Test(arguments: TestDatabase.all)
  func aRestartKeepsEverything(database: TestDatabase) async throws {
    let (location, remove) = try await database.make()
    defer { Task { await remove() } }
    let fixtures = try StoreCatalog.load(from: Fixture.directory.path)
    var server = try await TestServer(location: location, catalog: fixtures)
    let placed = try await HTTP(baseURL: server.baseURL).order(.sample(1, quantity: 3), key: "kept").decode(StoredOrder.self)
    await server.stop()

    server = try await TestServer(location: location, catalog: try StoreCatalog.demo())
    let http = HTTP(baseURL: server.baseURL)
    #expect(try await http.get("/carts").decode([StoredOrder].self) == [placed])
    #expect(try await http.get("/products/1").decode(Product.self).title.hasPrefix("Fjallraven"), "the first catalog stays")
    #expect(try await http.get("/users/1").decode(Customer.self).username == "johnd")
    #expect(try await http.order(.sample(1, quantity: 3), key: "kept").headers["idempotent-replayed"] == "true")
    await server.stop()
  }
}
