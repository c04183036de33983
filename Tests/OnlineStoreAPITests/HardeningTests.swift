import Clocks
import Foundation
import Synchronization
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// What the review of `onlinestore-api` found a client could do to it, each now refused: orders
/// without the store's token, unbounded lists, an order rate without end, a retry without a date
/// refused, lenient dates; and connections held open idle or half-sent.
@Suite(.serialized)
struct HardeningTests {
  static let token = "0123456789abcdef0123456789abcdef"

  @Test func withATokenTheCustomersRoutesAskForIt() async throws {
    try await RouteTests.withServer(.sqlite, token: Self.token) { http, _ in
      #expect(try await http.get("/products").status == 200, "the catalog stays open")
      #expect(try await http.get("/products/categories").status == 200)
      for path in ["/carts", "/carts/1", "/carts/user/1001", "/users", "/users/1"] {
        let answer = try await http.get(path)
        #expect(answer.status == 401, "\(path)")
        #expect(answer.headers["www-authenticate"] == "Bearer")
      }
      #expect(try await http.order(.sample(userId: 1_001)).status == 401, "no order without the token")
      var wrong = http
      wrong.headers = ["Authorization": "Bearer " + String(Self.token.reversed())]
      #expect(try await wrong.order(.sample(userId: 1_001)).status == 401)
      var right = http
      right.headers = ["Authorization": "Bearer " + Self.token]
      #expect(try await http.post("/shop/key-customers", body: Data(#"{"fingerprint":"SHA256:ada","origin":"x"}"#.utf8)).status == 401)
      #expect(try await right.keyCustomer("ada") == 1_001)
      #expect(try await right.order(.sample(userId: 1_001)).status == 200)
      #expect(try await right.get("/carts/user/1001").decode([StoredOrder].self).count == 1)
    }
  }

  @Test func orderListsComeInPages() async throws {
    var limits = APILimits.testing
    limits.defaultPage = 5
    limits.maximumPage = 8
    try await RouteTests.withServer(.sqlite, limits: limits) { http, _ in
      #expect(try await http.keyCustomer("ada") == 1_001)
      for minute in 0..<12 { #expect(try await http.order(.sample(userId: 1_001, minute: minute)).status == 200) }
      let page = try await http.get("/carts/user/1001").decode([StoredOrder].self)
      #expect(page.count == 5, "a page by default")
      #expect(page.first?.date == OrderRequest.sample(minute: 11).date, "the newest first")
      #expect(try await http.get("/carts/user/1001?limit=100").decode([StoredOrder].self).count == 8, "and never more than the most")
      #expect(try await http.get("/carts").decode([StoredOrder].self).count == 5)
      #expect(try await http.get("/carts?limit=3").decode([StoredOrder].self).count == 3)
      #expect(try await http.get("/carts?limit=100").decode([StoredOrder].self).count == 8)
    }
  }

  @Test func aCustomerOrdersNoFasterThanTheRate() async throws {
    var limits = APILimits()
    limits.ordersPerCustomerPerMinute = 3
    try await RouteTests.withServer(.sqlite, limits: limits) { http, _ in
      #expect(try await http.keyCustomer("ada") == 1_001)
      #expect(try await http.keyCustomer("bob") == 1_002)
      for minute in 0..<3 {
        #expect(try await http.order(.sample(userId: 1_001, minute: minute), key: "k\(minute)").status == 200)
      }
      let refused = try await http.order(.sample(userId: 1_001, minute: 3), key: "k3")
      #expect(refused.status == 429)
      #expect(Int(refused.headers["retry-after"] ?? "") ?? 0 >= 1)
      let replay = try await http.order(.sample(userId: 1_001, minute: 0), key: "k0")
      #expect(replay.status == 200 && replay.headers["idempotent-replayed"] == "true", "a retry of an earlier order is answered")
      #expect(try await http.order(.sample(userId: 1_002)).status == 200, "another customer has a rate of their own")
      let stored = try await http.get("/carts/user/1001").decode([StoredOrder].self)
      #expect(stored.count == 3)
    }
  }

  /// The rate was checked before an order was stored and counted after, so 100 orders sent
  /// together let 11 to 36 through a limit of 10. Now each takes its place under one lock.
  @Test(arguments: TestDatabase.all)
  func ordersSentTogetherDoNotPassTheRateTogether(_ database: TestDatabase) async throws {
    var limits = APILimits()
    limits.ordersPerCustomerPerMinute = 10
    try await RouteTests.withServer(database, limits: limits) { http, _ in
      #expect(try await http.keyCustomer("racer") == 1_001)
      // Each order's number with its answer (they finish in any order).
      let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
        for number in 0..<100 {
          group.addTask { (number, try await http.order(.sample(userId: 1_001, minute: number), key: "race-\(number)").status) }
        }
        return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
      }
      let statuses = Array(answers.values)
      #expect(statuses.filter { $0 == 200 }.count == 10)
      #expect(statuses.filter { $0 == 429 }.count == 90)
      var all = http
      all.timeout = 30
      #expect(try await all.get("/carts/user/1001?limit=1000").decode([StoredOrder].self).count == 10)
      // A replay within the limit costs nothing: the customer's eleventh new order is refused,
      // but a retry of the first is answered.
      let first = try #require(answers.first { $0.value == 200 }?.key)
      let replay = try await http.order(.sample(userId: 1_001, minute: first), key: "race-\(first)")
      #expect(replay.status == 200 && replay.headers["idempotent-replayed"] == "true")
    }
  }

  /// Placing through ``OrderRateLimiter/spending(for:isNew:_:)``: only a new order spends one of
  /// the customer's; a replay or an error gives it back; a spent customer is told the wait and
  /// nothing is placed.
  @Test func onlyANewOrderSpendsAPlace() async throws {
    struct Refused: Error {}
    let limiter = OrderRateLimiter(perMinute: 2, clock: ElapsedClock(TestClock()))
    var placings = 0
    func place(new: Bool, failing: Bool = false) async throws -> OrderRateLimiter.Spent<Bool> {
      try await limiter.spending(for: 7, isNew: { $0 }) {
        placings += 1
        if failing { throw Refused() }
        return new
      }
    }
    for _ in 0..<3 {
      guard case .placed(false) = try await place(new: false) else { Issue.record("a replay is answered"); return }
    }
    for _ in 0..<3 {
      do {
        _ = try await place(new: true, failing: true)
        Issue.record("a failed placing throws")
      } catch {
        #expect(error is Refused)
      }
    }
    guard case .placed(true) = try await place(new: true), case .placed(true) = try await place(new: true) else {
      Issue.record("replays and failures spent nothing: two new orders go through")
      return
    }
    let before = placings
    guard case let .wait(wait) = try await place(new: true) else { Issue.record("the third new order waits"); return }
    #expect(wait == .seconds(30))
    #expect(placings == before, "nothing placed while the customer waits")
  }

  @Test func aRefusedOrFailedOrderGivesItsPlaceBack() async throws {
    let clock = TestClock()
    let limiter = OrderRateLimiter(perMinute: 2, clock: ElapsedClock(clock))
    #expect(limiter.reserve(for: 7) == nil)
    #expect(limiter.reserve(for: 7) == nil)
    #expect(limiter.reserve(for: 7) == .seconds(30), "the third within a minute waits for half of one")
    limiter.giveBack(by: 7)
    #expect(limiter.reserve(for: 7) == nil, "one given back is there again")
    for _ in 0..<5 { limiter.giveBack(by: 8) }
    #expect(limiter.reserve(for: 8) == nil)
    #expect(limiter.reserve(for: 8) == nil)
    #expect(limiter.reserve(for: 8) != nil, "giving back never raises the limit")
    await clock.advance(by: .seconds(20))
    let left = try #require(limiter.reserve(for: 8))
    #expect(left > .milliseconds(9_999) && left < .milliseconds(10_001), "the bucket fills as the clock runs: \(left) left")
    await clock.advance(by: .seconds(10))
    #expect(limiter.reserve(for: 8) == nil)
  }

  /// Through the routes, on the server's clock: the refused customer orders again once the
  /// Retry-After it was told has passed, and not a moment before.
  @Test func aRefusedCustomerOrdersAgainWhenTheRetryAfterIsUp() async throws {
    var limits = APILimits()
    limits.ordersPerCustomerPerMinute = 2
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, limits: limits, clock: ElapsedClock(clock)) { http, _ in
      #expect(try await http.keyCustomer("ada") == 1_001)
      for minute in 0..<2 { #expect(try await http.order(.sample(userId: 1_001, minute: minute), key: "r\(minute)").status == 200) }
      let refused = try await http.order(.sample(userId: 1_001, minute: 2), key: "r2")
      #expect(refused.status == 429 && refused.headers["retry-after"] == "30")
      await clock.advance(by: .seconds(29))
      #expect(try await http.order(.sample(userId: 1_001, minute: 2), key: "r2").status == 429, "a second early")
      await clock.advance(by: .seconds(1))
      #expect(try await http.order(.sample(userId: 1_001, minute: 2), key: "r2").status == 200)
    }
  }

  /// Finding 9: the fingerprint once included the server's own `now()`, so a retry without a
  /// date was a different order and got a 422.
  @Test func aRetryWithoutADateIsTheSameOrder() async throws {
    let today = HandDate(Date(timeIntervalSince1970: 1_795_000_000))
    try await RouteTests.withServer(.sqlite, now: { today.now }) { http, _ in
      let body = Data(#"{"userId":1,"products":[{"productId":2,"quantity":1}]}"#.utf8)
      let first = try await http.post("/carts", body: body, headers: ["Idempotency-Key": "no-date"])
      // The retry comes a minute later by the server's date.
      today.advance(by: 60)
      let again = try await http.post("/carts", body: body, headers: ["Idempotency-Key": "no-date"])
      #expect(first.status == 200)
      #expect(again.status == 200 && again.headers["idempotent-replayed"] == "true")
      let (once, twice) = (try first.decode(StoredOrder.self), try again.decode(StoredOrder.self))
      #expect(once == twice)
      let other = Data(#"{"userId":1,"products":[{"productId":3,"quantity":1}]}"#.utf8)
      #expect(try await http.post("/carts", body: other, headers: ["Idempotency-Key": "no-date"]).status == 422)
    }
  }

  @Test(arguments: ["2026-02-30", "2026-13-01", "2026-01-01xyz", "2026-01-01T25:00:00Z", "2026-01-01T10:00:00", "2026-1-01", " 2026-01-01"])
  func datesAreReadStrictly(text: String) async throws {
    #expect(StoreJSON.parseDate(text) == nil)
  }

  @Test func theDatesPeopleAndFakeStoreWriteAreRead() throws {
    #expect(StoreJSON.parseDate("2020-03-02")?.timeIntervalSince1970 == 1_583_107_200)
    #expect(StoreJSON.parseDate("2020-03-02T00:00:00.000Z")?.timeIntervalSince1970 == 1_583_107_200)
    #expect(StoreJSON.parseDate("2026-11-21T10:00:00Z")?.timeIntervalSince1970 == 1_795_255_200)
    #expect(StoreJSON.parseDate("2026-11-21T11:00:00+01:00")?.timeIntervalSince1970 == 1_795_255_200)
    #expect(StoreJSON.parseDate("2024-02-29") != nil, "a leap day")
  }

  @Test func badDatesAreRefusedByTheRoutes() async throws {
    try await RouteTests.withServer(.sqlite) { http, _ throws in
      #expect(try await http.get("/carts?startdate=2026-02-30").status == 400)
      #expect(try await http.get("/carts?startdate=2026-01-01xyz").status == 400)
      let body = Data(#"{"userId":1,"date":"2026-02-30T10:00:00Z","products":[{"productId":2,"quantity":1}]}"#.utf8)
      #expect(try await http.post("/carts", body: body).status == 400)
      // A date no shop sends: far ahead (it would sort before every real order for ever) or long past.
      for date in ["9999-12-31T00:00:00Z", "1999-12-31T23:59:59Z", StoreJSON.format(Date().addingTimeInterval(2 * 86_400))] {
        let far = Data(#"{"userId":1,"date":"\#(date)","products":[{"productId":2,"quantity":1}]}"#.utf8)
        let answer = try await http.post("/carts", body: far)
        #expect(answer.status == 400 && answer.error?.hasPrefix("the order's date must be between 2000-01-01 and a day from now") == true, "\(date)")
      }
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).isEmpty, "none stored")
      // FakeStore's own dates, and a clock a few hours ahead, are orders.
      for (index, date) in ["2020-03-02T00:00:00Z", StoreJSON.format(Date().addingTimeInterval(3 * 3_600))].enumerated() {
        let fine = Data(#"{"userId":1,"date":"\#(date)","products":[{"productId":2,"quantity":1}]}"#.utf8)
        #expect(try await http.post("/carts", body: fine, headers: ["Idempotency-Key": "fine-\(index)"]).status == 200, "\(date)")
      }
    }
  }

  // MARK: Finding 7: connections that never finish

  // The tests of deadlines on real sockets are the integration tier's (SlowClientTests).

  static func deadlineLimits() -> APILimits {
    var limits = APILimits.testing
    limits.idleTimeout = .seconds(2)
    limits.headerTimeout = .seconds(1)
    limits.bodyTimeout = .seconds(1)
    return limits
  }
}

/// A date a test moves by hand, for the server's `now`.
final class HandDate: Sendable {
  private let date: Mutex<Date>

  init(_ date: Date) { self.date = Mutex(date) }

  var now: Date { date.withLock { $0 } }

  func advance(by seconds: TimeInterval) { date.withLock { $0.addTimeInterval(seconds) } }
}
