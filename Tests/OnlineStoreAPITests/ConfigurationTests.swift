import Clocks
import Foundation
import Synchronization
import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// What the command line takes: database addresses, fault plans, catalogs.
struct ConfigurationTests {
  @Test func databaseAddresses() throws {
    #expect(try DatabaseLocation(parsing: "sqlite:/var/lib/shop.sqlite") == .sqlite(path: "/var/lib/shop.sqlite"))
    guard case let .postgres(location) = try DatabaseLocation(parsing: "postgres://shop:s%40cret@db.example:6543/orders?sslmode=require")
    else {
      Issue.record("not a postgres address")
      return
    }
    #expect(location.host == "db.example" && location.port == 6543 && location.username == "shop")
    #expect(location.password == "s@cret" && location.database == "orders" && location.requireTLS)
    guard case let .postgres(socket) = try DatabaseLocation(parsing: "postgresql://shop@/orders?host=/run/postgresql") else {
      Issue.record("not a postgres address")
      return
    }
    #expect(socket.socketDirectory == "/run/postgresql" && socket.port == 5432 && !socket.requireTLS)
    // The start-up line never shows the password.
    #expect(DatabaseLocation.postgres(location).description == "PostgreSQL orders at db.example:6543")
    for bad in ["sqlite:", "mysql://x@y/z", "postgres://db.example/orders", "postgres://shop@db.example/", "orders.sqlite"] {
      #expect(throws: DatabaseLocationError.self, "\(bad)") { try DatabaseLocation(parsing: bad) }
    }
    #expect(
      DatabaseLocation.defaultSQLite(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"])
        == .sqlite(path: "/state/onlinestore/api.sqlite")
    )
    #expect(DatabaseLocation.defaultSQLite(environment: ["HOME": "/home/ada"]) == .sqlite(path: "/home/ada/.local/state/onlinestore/api.sqlite"))
  }

  @Test func faultPlans() throws {
    let plan = try FaultPlan(parsing: "latency=200ms,error-rate=0.1,timeout-rate=0.05,hold=1.5s,seed=7")
    #expect(plan.latency == .milliseconds(200) && plan.errorRate == 0.1 && plan.timeoutRate == 0.05)
    #expect(plan.hold == .milliseconds(1_500) && plan.seed == 7)
    #expect(try FaultPlan(parsing: "").isEmpty)
    for bad in ["latency=fast", "error-rate=2", "error-rate=0.6,timeout-rate=0.6", "explode=1", "latency", "seed=-1"] {
      #expect(throws: FaultPlanError.self, "\(bad)") { try FaultPlan(parsing: bad) }
    }
  }

  /// A catalog file is held to the back office's rules: a product it could not add is refused,
  /// named, and the server does not start on it.
  @Test func aCatalogKeepsTheBackOfficesLimits() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(String, String)] = [
      (#"{"id":1,"title":"Pen","price":3,"description":"\#(String(repeating: "x", count: 5_001))","category":"ink","image":"","rating":{"rate":4,"count":1}}"#, "product 1: description: At most 5000 characters"),
      (#"{"id":2,"title":"\#(String(repeating: "t", count: 201))","price":3,"description":"","category":"ink","image":"","rating":{"rate":4,"count":1}}"#, "product 2: title: At most 200 characters"),
      (#"{"id":3,"title":"Pen","price":3,"description":"","category":"ink\u001b[2J","image":"","rating":{"rate":4,"count":1}}"#, "product 3: category: No control or invisible formatting characters"),
      (#"{"id":4,"title":"Pen","price":0,"description":"","category":"ink","image":"","rating":{"rate":4,"count":1}}"#, "product 4: price: From $0.01 to $100,000.00"),
    ]
    for (product, message) in cases {
      let file = directory.appendingPathComponent("products.json")
      try "[\(product)]".write(to: file, atomically: true, encoding: .utf8)
      #expect(throws: CatalogError.self) { try StoreCatalog.load(from: file.path) }
      do {
        _ = try StoreCatalog.load(from: file.path)
      } catch {
        #expect("\(error)" == message)
      }
    }
    #expect(try StoreCatalog.load(from: Fixture.directory.path).products.count == 20, "FakeStore's own answers keep them")
  }

  @Test func catalogsLoadFromFakeStoreAnswersFilesAndTheDemo() throws {
    let fixtures = try StoreCatalog.load(from: Fixture.directory.path)
    #expect(fixtures.products.count == 20)
    #expect(fixtures.customers.map(\.username) == ["johnd"])

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let productsOnly = directory.appendingPathComponent("products.json")
    try Fixture.products.data.write(to: productsOnly)
    let sold = try StoreCatalog.load(from: productsOnly.path)
    #expect(sold.products == fixtures.products)
    #expect(sold.customers == (try StoreCatalog.demo()).customers, "sold to the demo customers")

    let both = directory.appendingPathComponent("both.json")
    try Data(#"{"products":[],"users":[]}"#.utf8).write(to: both)
    #expect(try StoreCatalog.load(from: both.path) == StoreCatalog(products: [], customers: []))

    let broken = directory.appendingPathComponent("broken.json")
    try Data(#"{"items":[]}"#.utf8).write(to: broken)
    #expect(throws: CatalogError.self) { try StoreCatalog.load(from: broken.path) }
    #expect(throws: CatalogError.self) { try StoreCatalog.load(from: directory.appendingPathComponent("none.json").path) }
    let twice = directory.appendingPathComponent("twice.json")
    let product = String(decoding: try StoreJSON.encoder.encode(fixtures.products[0]), as: UTF8.self)
    try Data("[\(product),\(product)]".utf8).write(to: twice)
    #expect(throws: CatalogError.self) { try StoreCatalog.load(from: twice.path) }

    var keyShopperNumber = fixtures.customers[0]
    keyShopperNumber.id = Customer.keyShopperNumbers.lowerBound
    let clash = directory.appendingPathComponent("clash.json")
    let user = String(decoding: try StoreJSON.encoder.encode(keyShopperNumber), as: UTF8.self)
    try Data(#"{"products":[],"users":[\#(user)]}"#.utf8).write(to: clash)
    #expect(throws: CatalogError.self, "1001 and up are the SSH front door's") { try StoreCatalog.load(from: clash.path) }
  }
}

/// Injected faults do what `--help` says.
@Suite(.serialized)
struct FaultTests {
  @Test func anErrorFaultAnswers503AndStoresNothing() async throws {
    var plan = FaultPlan()
    plan.errorRate = 1
    try await RouteTests.withServer(.sqlite, faults: plan) { http, _ in
      let answer = try await http.order(.sample())
      #expect(answer.status == 503)
      #expect(answer.error == "the store is briefly unavailable (an injected fault)")
    }
  }

  /// The latency is a wait on the server's clock: however the clock's steps fall, the answer
  /// comes only once 300 ms of it have passed. (Other work of the server sleeps on the same
  /// clock, so the test steps it until the answer is in, and counts.)
  @Test func latencyDelaysEveryAnswer() async throws {
    var plan = FaultPlan()
    plan.latency = .milliseconds(300)
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, faults: plan, clock: ElapsedClock(clock)) { (http: HTTP, _: StoreRoutes) async throws in
      let ended = Flag()
      let asked = Task {
        defer { ended.raise() }
        return try await http.get("/products/1")
      }
      var advanced: Duration = .zero
      while !ended.isRaised {
        await Task.yield()
        await clock.advance(by: .milliseconds(50))
        advanced += .milliseconds(50)
      }
      let answer = try await asked.value
      #expect(answer.status == 200)
      #expect(advanced >= .milliseconds(300), "answered after \(advanced) of the server's clock")
    }
  }
}

/// Raised once, read from anywhere.
final class Flag: Sendable {
  private let raised = Mutex(false)
  var isRaised: Bool { raised.withLock { $0 } }
  func raise() { raised.withLock { $0 = true } }
}
