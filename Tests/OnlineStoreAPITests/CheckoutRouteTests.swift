import Clocks
import Foundation
@testable import OnlineStoreAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import StoreModels
import StoreTestSupport
import Testing

/// Orders from checkout at the API: the address checked as the shop's form checks it, the order
/// charged by the server's own prices and shipping rules, what the shopper saw compared (409 when
/// it changed), the back office's status route, address books, and orders written before
/// checkout still read.
struct CheckoutRouteTests {
  static let token = HardeningTests.token
  static let authorized = ["Authorization": "Bearer \(token)"]
  static let adminToken = AdminRouteTests.adminToken

  /// Product 1 ($14.50) ×2 and product 2 ($21.00) ×1 to `address`, as the shop sends them.
  static func checkout(
    _ address: ShippingAddress = .sample, delivery: DeliveryMethod = .standard, total: Money? = Money(cents: 5_500),
    price: Money = Money(cents: 1_450), minute: Int = 0
  ) -> OrderRequest {
    OrderRequest(
      userId: 1, date: Date(timeIntervalSince1970: 1_795_260_000 + Double(minute) * 60),
      products: [.init(productId: 1, quantity: 2, price: price), .init(productId: 2, quantity: 1, price: Money(cents: 2_100))],
      shipping: address, delivery: delivery, total: total
    )
  }

  @Test(arguments: TestDatabase.all)
  func anOrderFromCheckoutCarriesItsAddressAndIsChargedByTheStore(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      // $50.00 of items: under $100, standard shipping is $5.00.
      let answer = try await http.order(Self.checkout(), key: "checkout-1")
      #expect(answer.status == 200, "\(answer.error ?? "")")
      let order = try answer.decode(StoredOrder.self)
      #expect(order.checkout == OrderCheckout(shipping: .sample, delivery: .standard, shippingFee: Money(cents: 500), total: Money(cents: 5_500)))
      #expect(order.status == .placed)
      #expect((answer.json as? [String: Any])?["status"] as? String == "placed")
      #expect(try await http.get("/carts/\(order.id)").decode(StoredOrder.self) == order)
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self) == [order])
      // The shop reads the answer as its confirmation, with what was charged.
      #expect(try answer.decode(OrderConfirmation.self).checkout?.total == Money(cents: 5_500))
      // Express is never free.
      let express = try await http.order(Self.checkout(.seoul, delivery: .express, total: Money(cents: 6_500), minute: 1))
      #expect(express.status == 200, "\(express.error ?? "")")
      #expect(try express.decode(StoredOrder.self).checkout?.shipping == .seoul, "Korean text is kept as typed")
    }
  }

  @Test func theShippingRulesAreOpenToRead() async throws {
    try await RouteTests.withServer(.sqlite, token: Self.token, adminToken: Self.adminToken) { http, _ in
      let answer = try await http.get("/shop/shipping")
      #expect(answer.status == 200)
      #expect(try answer.decode(ShippingRules.self) == .standard)
    }
  }

  /// A plain FakeStore client orders as before, and its order has no address.
  @Test(arguments: TestDatabase.all)
  func aPlainFakeStoreOrderStillWorksAndHasNoAddress(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      let answer = try await http.order(.sample(1, quantity: 2))
      #expect(answer.status == 200)
      let json = try #require(answer.json as? [String: Any])
      #expect(Set(json.keys) == ["id", "userId", "date", "products", "__v"], "FakeStore's shape, nothing more")
      #expect(try answer.decode(StoredOrder.self).checkout == nil)
      // Delivery or a total without an address is refused, not half taken.
      var stray = OrderRequest.sample(2)
      stray.delivery = .express
      #expect(try await http.order(stray).status == 400)
    }
  }

  @Test(arguments: TestDatabase.all)
  func aChangedPriceOrTotalIsA409ThatSaysWhatChanged(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      let price = try await http.order(Self.checkout(price: Money(cents: 1_200)))
      #expect(price.status == 409)
      #expect(price.error == "the price of Dot-grid notebook, A5, 192 pages changed to $14.50")
      let total = try await http.order(Self.checkout(total: Money(cents: 5_000)))
      #expect(total.status == 409)
      #expect(total.error == "the total is now $55.00, not $50.00")
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).isEmpty, "nothing was stored")
    }
  }

  @Test func addressesAreCheckedAsTheFormChecksThem() async throws {
    try await RouteTests.withServer(.sqlite) { http, _ in
      var address = ShippingAddress.sample
      address.postalCode = "9410"
      var answer = try await http.order(Self.checkout(address))
      #expect(answer.status == 400)
      #expect(answer.error == "shipping.postalCode: a ZIP code is 5 digits, or 5 and 4: 94103 or 94103-1234")
      address = .sample
      address.fullName = "Ana\u{1B}[2J"
      answer = try await http.order(Self.checkout(address))
      #expect(answer.error == "shipping.fullName: no control characters")
      address = .sample
      address.city = String(repeating: "x", count: 101)
      answer = try await http.order(Self.checkout(address))
      #expect(answer.error == "shipping.city: at most 100 characters")
      address = .sample
      address.country = "XX"
      answer = try await http.order(Self.checkout(address))
      #expect(answer.error == "shipping.country: choose a country from the list")
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).isEmpty)
    }
  }

  /// The address is part of what an idempotency key stands for.
  @Test(arguments: TestDatabase.all)
  func aKeyStandsForTheAddressToo(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      let first = try await http.order(Self.checkout(), key: "k-1")
      let again = try await http.order(Self.checkout(), key: "k-1")
      #expect(again.status == 200 && again.headers["idempotent-replayed"] == "true")
      #expect(try again.decode(StoredOrder.self) == first.decode(StoredOrder.self))
      var elsewhere = ShippingAddress.sample
      elsewhere.line1 = "13 Main Street"
      #expect(try await http.order(Self.checkout(elsewhere), key: "k-1").status == 422)
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).count == 1)
    }
  }

  @Test(arguments: TestDatabase.all)
  func theStatusRouteMovesAnOrderOnAndKeepsItsHistory(database: TestDatabase) async throws {
    try await RouteTests.withServer(database, token: Self.token, adminToken: Self.adminToken) { http, _ in
      var http = http
      http.headers = Self.authorized
      let placed = try await http.order(Self.checkout()).decode(StoredOrder.self)
      func move(_ body: String) async throws -> HTTP.Answer {
        try await http.operate("/admin/orders/\(placed.id)/status", body: Data(body.utf8))
      }
      #expect(try await move(#"{"status":"delivered"}"#).status == 409, "not before it ships")
      #expect(try await move(#"{"status":"packed"}"#).status == 200)
      #expect(try await move(#"{"status":"shipped","carrier":"UPS"}"#).error == "a shipped order names its carrier and tracking reference")
      #expect(try await move(#"{"status":"shipped","carrier":"UPS","tracking":"1Z\u001b[2J"}"#).status == 400)
      let shipped = try await move(#"{"status":"shipped","carrier":"UPS","tracking":"1Z999"}"#)
      #expect(shipped.status == 200)
      #expect(try await move(#"{"status":"cancelled","reason":"too late"}"#).error == "order \(placed.id) is shipped and cannot become cancelled")
      #expect(try await move(#"{"status":"delivered"}"#).status == 200)
      let order = try await http.get("/carts/\(placed.id)").decode(StoredOrder.self)
      #expect(order.status == .delivered)
      #expect(order.statusHistory.map(\.stage) == [.packed, .shipped, .delivered])
      #expect(order.statusHistory[1].carrier == "UPS" && order.statusHistory[1].tracking == "1Z999")
      #expect(order.checkout?.shipping == .sample, "the address is kept through it all")
      #expect(try await http.operate("/admin/orders/999/status", body: Data(#"{"status":"packed"}"#.utf8)).status == 404)
      #expect(try await http.operate("/admin/orders/abc/status", body: Data(#"{"status":"packed"}"#.utf8)).status == 400)
      #expect(try await http.operate("/admin/orders/1/status", body: Data(#"{"status":"lost"}"#.utf8)).status == 400)
      // A cancellation says why.
      let second = try await http.order(Self.checkout(minute: 5)).decode(StoredOrder.self)
      let cancelled = try await http.operate("/admin/orders/\(second.id)/status", body: Data(#"{"status":"cancelled","reason":"out of stock"}"#.utf8))
      #expect(try cancelled.decode(StoredOrder.self).history.last?.summary == "Cancelled: out of stock")
    }
  }

  /// Ten operators pack one order at once: one of them does, the others are told it is packed.
  @Test(arguments: TestDatabase.all)
  func changesAtOnceTakeTurns(database: TestDatabase) async throws {
    try await RouteTests.withServer(database, token: Self.token, adminToken: Self.adminToken) { http, _ in
      var http = http
      http.headers = Self.authorized
      let order = try await http.order(Self.checkout()).decode(StoredOrder.self)
      let client = http
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<10 {
          group.addTask { try await client.operate("/admin/orders/\(order.id)/status", body: Data(#"{"status":"packed"}"#.utf8)).status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.sorted() == [200] + Array(repeating: 409, count: 9), "\(statuses)")
      let stored = try await http.get("/carts/\(order.id)").decode(StoredOrder.self)
      #expect(stored.statusHistory.map(\.stage) == [.packed], "packed once")
    }
  }

  @Test func theStatusRouteAsksForTheAdminTokenAndIsClosedWithoutOne() async throws {
    let packed = Data(#"{"status":"packed"}"#.utf8)
    try await RouteTests.withServer(.sqlite, token: Self.token, adminToken: Self.adminToken) { http, _ in
      var shop = http
      shop.headers = Self.authorized
      let order = try await shop.order(Self.checkout()).decode(StoredOrder.self)
      #expect(try await http.post("/admin/orders/\(order.id)/status", body: packed).status == 401)
      #expect(try await shop.post("/admin/orders/\(order.id)/status", body: packed).status == 401, "not the shop's token")
      #expect(try await http.post("/admin/orders/\(order.id)/status", body: packed, headers: ["Authorization": "Bearer wrong"]).status == 401)
      #expect(try await shop.post("/shop/orders/\(order.id)/status", body: packed).status == 404, "the route moved")
      #expect(try await shop.get("/carts/\(order.id)").decode(StoredOrder.self).status == .placed)
    }
    try await RouteTests.withServer(.sqlite) { http, _ in
      let order = try await http.order(Self.checkout()).decode(StoredOrder.self)
      let answer = try await http.operate("/admin/orders/\(order.id)/status", body: packed)
      #expect(answer.status == 403, "a server with no admin token moves no order on")
      #expect(try await http.get("/carts/\(order.id)").decode(StoredOrder.self).status == .placed)
    }
  }

  @Test(arguments: TestDatabase.all)
  func addressBooksAreKeptPerCustomer(database: TestDatabase) async throws {
    try await RouteTests.withServer(database) { http, _ in
      #expect(try await http.get("/shop/customers/1/addresses").decode(AddressBook.self) == .empty)
      let book = AddressBook(addresses: [.seoul, .sample])
      let put = try await http.put("/shop/customers/1/addresses", body: StoreJSON.encoder.encode(book))
      #expect(put.status == 200)
      #expect(try await http.get("/shop/customers/1/addresses").decode(AddressBook.self) == book)
      #expect(try await http.get("/shop/customers/2/addresses").decode(AddressBook.self) == .empty, "each customer their own")
      var bad = ShippingAddress.sample
      bad.email = "ana"
      #expect(try await http.put("/shop/customers/1/addresses", body: StoreJSON.encoder.encode(AddressBook(addresses: [bad]))).status == 400)
      let one = String(decoding: try StoreJSON.encoder.encode(ShippingAddress.sample), as: UTF8.self)
      let tooMany = Data(#"{"addresses":[\#(Array(repeating: one, count: 21).joined(separator: ","))]}"#.utf8)
      #expect(try await http.put("/shop/customers/1/addresses", body: tooMany).status == 422)
      #expect(try await http.get("/shop/customers/1/addresses").decode(AddressBook.self) == book, "a refused book changes nothing")
      #expect(try await http.get("/shop/customers/1001/addresses").status == 404, "no key was given that number")
    }
  }

  /// A status change reaches an open session the way a cart change does: a waiting request for
  /// the customer's cart returns, with the count of order updates moved on.
  @Test func aStatusChangeWakesTheCustomersWaitingCart() async throws {
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, token: Self.token, adminToken: Self.adminToken, clock: ElapsedClock(clock)) { anonymous, routes in
      var signedIn = anonymous
      signedIn.headers = Self.authorized
      let http = signedIn
      let order = try await http.order(Self.checkout()).decode(StoredOrder.self)
      let before = try await http.get("/shop/carts/1").decode(SavedCart.self)
      let woken = Task { try await http.get("/shop/carts/1/updates?after=\(before.revision)&wait=20") }
      await routes.openCarts.watchers.untilHolding(atLeast: 1)
      #expect(try await http.operate("/admin/orders/\(order.id)/status", body: Data(#"{"status":"packed"}"#.utf8)).status == 200)
      // The server's clock never moves: only the change can have answered it.
      let answer = try await woken.value
      #expect(answer.status == 200)
      #expect(try answer.decode(SavedCart.self).orderUpdates == before.orderUpdates + 1)
    }
  }

  /// Orders written before checkout (schema 2, as the previous version left it) are read after
  /// the migration: no address, placed; and they can be moved on like any other.
  @Test(arguments: TestDatabase.all)
  func ordersWrittenBeforeCheckoutStayReadable(database: TestDatabase) async throws {
    let (location, remove) = try await database.make()
    defer { Task { await remove() } }
    try await OldSchema.write(location)
    let server = try await TestServer(location: location, token: Self.token, adminToken: Self.adminToken)
    var http = HTTP(baseURL: server.baseURL)
    http.headers = Self.authorized
    let old = try await http.get("/carts/1").decode(StoredOrder.self)
    #expect(old.products == [.init(productId: 3, quantity: 2)])
    #expect(old.checkout == nil && old.status == .placed)
    #expect(try await http.operate("/admin/orders/1/status", body: Data(#"{"status":"packed"}"#.utf8)).status == 200)
    // The same key and body as before the migration is still the same order.
    let replay = try await http.order(OldSchema.order, key: OldSchema.key)
    #expect(replay.status == 200 && replay.headers["idempotent-replayed"] == "true")
    let new = try await http.order(Self.checkout())
    // (PostgreSQL spends a number on the replay's INSERT … ON CONFLICT, so not necessarily 2.)
    #expect(try new.decode(StoredOrder.self).id > 1)
    #expect(try new.decode(StoredOrder.self).checkout?.shipping == .sample)
    await server.stop()
  }
}

extension HTTP {
  func put(_ path: String, body: Data) async throws -> Answer {
    var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
    request.httpMethod = "PUT"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    return try await send(request)
  }
}
