import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import OnlineStoreAPI
import StoreModels
import Testing

/// The server's router driven in process through HummingbirdTesting (``APIServer/buildRouter(database:catalog:)``):
/// the routes and their protection without a socket or a port. The bounds on slow and greedy
/// clients live in the server's channel, so HardeningTests keeps real sockets for those.
struct InProcessRouteTests {
  @Test func theCatalogIsOpenAndTheCustomersAndTheBackOfficeAskForTheirTokens() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { throw TestFailure("not a SQLite location: \(location)") }
    var configuration = APIServer.Configuration()
    configuration.token = HardeningTests.token
    configuration.adminToken = AdminRouteTests.adminToken
    let database = try SQLiteStoreDatabase(path: path)
    let catalog = try await database.prepare(loading: StoreCatalog.demo())
    let (router, _) = try APIServer(configuration: configuration, logger: Logger(label: "test")).buildRouter(database: database, catalog: catalog)
    let app = Application(router: router)
    try await app.test(.router) { client in
      let products = try await client.execute(uri: "/products", method: .get)
      #expect(products.status == .ok)
      #expect(try StoreJSON.decoder.decode([Product].self, from: Data(buffer: products.body)).count == catalog.products.count)
      #expect(try await client.execute(uri: "/users", method: .get).status == .unauthorized, "a customer's route asks for the token")
      let users = try await client.execute(uri: "/users", method: .get, headers: [.authorization: "Bearer \(HardeningTests.token)"])
      #expect(users.status == .ok)
      let admin = try await client.execute(uri: "/admin/orders", method: .get, headers: [.authorization: "Bearer \(HardeningTests.token)"])
      #expect(admin.status == .unauthorized, "the shop's token never opens the back office")
      #expect(try await client.execute(uri: "/_bench/hello", method: .get).status == .notFound)
    }
    await database.close()
    await remove()
  }

  /// A wake-up that brings nothing newer — a late or repeated notice from another instance —
  /// does not end a client's wait: it waits on until something newer is saved or its wait is
  /// up. (The wait used to end at the first wake-up, with a 204 long before the time asked for.)
  @Test func aWakeUpWithNothingNewerDoesNotEndTheWait() async throws {
    try await withRoutes { client, routes in
      let saved = try await client.execute(uri: "/shop/carts/1/changes", method: .post, body: ByteBuffer(string: #"{"quantities":{"3":1}}"#))
      #expect(saved.status == .ok)
      let started = ContinuousClock.now
      async let answer = client.execute(uri: "/shop/carts/1/updates?after=1&wait=2", method: .get)
      for _ in 0..<3 {
        try await Task.sleep(for: .milliseconds(300))
        routes.cartSavedElsewhere(1)
      }
      #expect(try await answer.status == .noContent)
      #expect(ContinuousClock.now - started >= .milliseconds(1900), "the wait ran its course")
      // And a save while it waits still ends it at once, with the cart.
      async let next = client.execute(uri: "/shop/carts/1/updates?after=1&wait=20", method: .get)
      try await Task.sleep(for: .milliseconds(300))
      routes.cartSavedElsewhere(1)
      let newer = try await client.execute(uri: "/shop/carts/1/changes", method: .post, body: ByteBuffer(string: #"{"quantities":{"3":2}}"#))
      #expect(newer.status == .ok)
      let heard = try await next
      #expect(heard.status == .ok)
      #expect(try StoreJSON.decoder.decode(SavedCart.self, from: Data(buffer: heard.body)).revision == 2)
    }
  }

  /// A client that goes away while it waits ends its wait there and then: the request gives up
  /// its place among the waiters rather than taking a new one after every wake-up until the wait
  /// it asked for is up. (Two things end it today — the loop's own look at cancellation, and the
  /// database read that throws once the task is cancelled — so this test holds the behaviour,
  /// and fails only if both go.)
  @Test func aClientThatGoesAwayEndsItsWait() async throws {
    try await withRoutes { client, routes in
      let waiting = Task { try await client.execute(uri: "/shop/carts/1/updates?after=0&wait=20", method: .get) }
      let deadline = ContinuousClock.now + .seconds(10)
      while routes.openCarts.watchers.count == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
      #expect(routes.openCarts.watchers.count == 1, "the request waits")
      waiting.cancel()
      _ = await waiting.result
      // Looked at a few times over half a second: a spinning request would hold a place again
      // at almost every look.
      var held = 0
      for _ in 0..<10 {
        try await Task.sleep(for: .milliseconds(50))
        held += routes.openCarts.watchers.count
      }
      #expect(held == 0, "no place held after the client went")
    }
  }

  /// `body` with a client of the routes of a server on a new SQLite store of the demo catalog,
  /// and the routes themselves (to wake waiters as another instance would).
  func withRoutes(_ body: @escaping @Sendable (any TestClientProtocol, StoreRoutes) async throws -> Void) async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { throw TestFailure("not a SQLite location: \(location)") }
    let database = try SQLiteStoreDatabase(path: path)
    let catalog = try await database.prepare(loading: StoreCatalog.demo())
    let (router, routes) = try APIServer(configuration: APIServer.Configuration(), logger: Logger(label: "test")).buildRouter(database: database, catalog: catalog)
    try await Application(router: router).test(.router) { client in try await body(client, routes) }
    await database.close()
    await remove()
  }
}
