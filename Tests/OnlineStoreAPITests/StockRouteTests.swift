import Clocks
import Foundation
@testable import OnlineStoreAPI
import StoreModels
import Testing

/// `GET /shop/stock`: what is left, with a version; a request that gives the version it has is
/// held until the stock changes — by an order, a cancelled order, the operator — or its wait
/// ends on the server's clock (a test clock here: no test waits for a wall clock). The server
/// says it offers this (`GET /shop`), so that a shop follows the stock only where there is one.
struct StockRouteTests {
  static let adminToken = AdminRouteTests.adminToken

  @Test func theOfferSaysThereIsStockToFollow() async throws {
    try await RouteTests.withServer(.sqlite) { http, _ in
      let offer = try #require(try await http.get("/shop").json as? [String: Any])
      #expect(offer["stock"] as? Bool == true)
    }
  }

  @Test(arguments: TestDatabase.all)
  func aHeldRequestIsAnsweredByTheNextChangeOfStock(database: TestDatabase) async throws {
    let clock = TestClock()
    try await RouteTests.withServer(database, adminToken: Self.adminToken, clock: ElapsedClock(clock)) { http, routes in
      let unlimited = try await http.get("/shop/stock").decode(StockReading.self)
      #expect(unlimited.levels == .unlimited)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":3}"#).status == 200)
      let three = try await http.get("/shop/stock").decode(StockReading.self)
      #expect(three.levels == StockLevels(left: [1: 3]) && three.version != unlimited.version)

      let behind = try await http.get("/shop/stock?after=\(unlimited.version)&wait=20")
      #expect(try behind.status == 200 && behind.decode(StockReading.self) == three, "a client behind gets the stock at once")
      #expect(try await http.get("/shop/stock?after=\(three.version)&wait=0").status == 204, "wait=0 answers at once")
      for wait in ["-1", "31", "soon"] {
        #expect(try await http.get("/shop/stock?wait=\(wait)").status == 400, "wait=\(wait) is refused with or without after")
      }

      // Held until an order takes two: no clock moves meanwhile.
      let held = Task { try await http.get("/shop/stock?after=\(three.version)&wait=20") }
      await routes.stock.watchers.untilHolding(atLeast: 1)
      #expect(try await http.order(.sample(1, quantity: 2), key: "held").status == 200)
      let heard = try await held.value
      #expect(try heard.status == 200 && heard.decode(StockReading.self).levels == StockLevels(left: [1: 1]))
    }
  }

  @Test func aHeldRequestWithNoChangeEndsWhenItsWaitIsUpOnTheServersClock() async throws {
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, clock: ElapsedClock(clock)) { http, routes in
      let reading = try await http.get("/shop/stock").decode(StockReading.self)
      let held = Task { try await http.get("/shop/stock?after=\(reading.version)&wait=25") }
      await routes.stock.watchers.untilHolding(atLeast: 1)
      await clock.advance(by: .seconds(24))
      #expect(routes.stock.watchers.count == 1, "still held a second before its wait is up")
      await clock.advance(by: .seconds(2))
      #expect(try await held.value.status == 204)
      #expect(routes.stock.watchers.count == 0, "its place is given back")
    }
  }

  @Test func refusalsAndTheBoundOnHeldRequests() async throws {
    var limits = APILimits.testing
    limits.maximumStockWatchers = 1
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, limits: limits, clock: ElapsedClock(clock)) { http, routes in
      let reading = try await http.get("/shop/stock").decode(StockReading.self)
      for query in ["?after=", "?after=" + String(repeating: "a", count: 33), "?after=a%20b", "?after=x&wait=-1", "?after=x&wait=31", "?after=x&wait=soon"] {
        // A version that is not the current one answers at once, so only a well-formed current
        // version reaches the wait's own checks.
        let asked = query.contains("wait") ? query.replacingOccurrences(of: "after=x", with: "after=\(reading.version)") : query
        #expect(try await http.get("/shop/stock" + asked).status == 400, "\(asked)")
      }
      let held = Task { try await http.get("/shop/stock?after=\(reading.version)&wait=10") }
      await routes.stock.watchers.untilHolding(atLeast: 1)
      let second = try await http.get("/shop/stock?after=\(reading.version)&wait=10")
      #expect(second.status == 503 && second.headers["retry-after"] == "5", "one place, and it is taken")
      await clock.advance(by: .seconds(11))
      #expect(try await held.value.status == 204)
    }
  }
}
