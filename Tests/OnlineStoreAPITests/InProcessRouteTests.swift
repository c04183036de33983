import Clocks
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Logging
@testable import OnlineStoreAPI
import StoreModels
import Testing

/// The router in process: its protection as a whole, and waiting requests woken through the
/// store's routes as another instance would wake them. (The route suites run in process too,
/// through ``RouteTests/withServer(_:catalog:faults:limits:token:adminToken:_:)``.)
struct InProcessRouteTests {
  @Test func theCatalogIsOpenAndTheCustomersAndTheBackOfficeAskForTheirTokens() async throws {
    try await RouteTests.withServer(.sqlite, token: HardeningTests.token, adminToken: AdminRouteTests.adminToken) { http, _ in
      let products = try await http.get("/products")
      #expect(products.status == 200)
      #expect(try products.decode([Product].self).count == (try StoreCatalog.demo()).products.count)
      #expect(try await http.get("/users").status == 401, "a customer's route asks for the token")
      var customer = http
      customer.headers["Authorization"] = "Bearer \(HardeningTests.token)"
      #expect(try await customer.get("/users").status == 200)
      #expect(try await customer.get("/admin/orders").status == 401, "the shop's token never opens the back office")
      #expect(try await http.get("/_bench/hello").status == 404)
    }
  }

  /// A wake-up that brings nothing newer — a late or repeated notice from another instance —
  /// does not end a client's wait: it waits on until something newer is saved or its wait is
  /// up. (The wait used to end at the first wake-up, with a 204 long before the time asked for.)
  @Test func aWakeUpWithNothingNewerDoesNotEndTheWait() async throws {
    let clock = TestClock()
    try await RouteTests.withServer(.sqlite, clock: ElapsedClock(clock)) { http, routes in
      let watchers = routes.openCarts.watchers
      #expect(try await http.post("/shop/carts/1/changes", body: Data(#"{"quantities":{"3":1}}"#.utf8)).status == 200)
      // Wake-ups with nothing newer, then a save: the request is still there to hear it (it
      // used to answer 204 at the first wake-up).
      let waiting = Task { try await http.get("/shop/carts/1/updates?after=1&wait=20") }
      await watchers.untilHolding(atLeast: 1)
      for _ in 0..<3 { routes.cartSavedElsewhere(1) }
      #expect(try await http.post("/shop/carts/1/changes", body: Data(#"{"quantities":{"3":2}}"#.utf8)).status == 200)
      let heard = try await waiting.value
      #expect(heard.status == 200)
      #expect(try heard.decode(SavedCart.self).revision == 2)
      // Wake-ups alone: the wait runs its course on the server's clock, and ends with it.
      let quiet = Task { try await http.get("/shop/carts/1/updates?after=2&wait=2") }
      await watchers.untilHolding(atLeast: 1)
      routes.cartSavedElsewhere(1)
      await clock.advance(by: .seconds(2))
      #expect(try await quiet.value.status == 204, "the wait ran its course")
    }
  }

  /// A client that goes away while it waits ends its wait there and then: the request gives up
  /// its place among the waiters rather than taking a new one after every wake-up until the wait
  /// it asked for is up. (Two things end it today — the loop's own look at cancellation, and the
  /// database read that throws once the task is cancelled — so this test holds the behaviour,
  /// and fails only if both go.)
  @Test(.timeLimit(.minutes(1))) func aClientThatGoesAwayEndsItsWait() async throws {
    try await RouteTests.withServer(.sqlite) { http, routes in
      let router = try #require(http.router)
      // The router's own client, in a task of its own to cancel (on the route tests' threads as
      // the rest): it returns only once the route has, so a place held after it is held for
      // good — and a route that spun on would never return, failing at the time limit.
      let waiting = Task(executorPreference: RouteThreads.shared) {
        try await router.executeRequest(uri: "/shop/carts/1/updates?after=0&wait=20", method: .get, headers: [:], body: nil)
      }
      await routes.openCarts.watchers.untilHolding(atLeast: 1)
      waiting.cancel()
      _ = await waiting.result
      #expect(routes.openCarts.watchers.count == 0, "no place held after the client went")
    }
  }
}

extension InProcessRouteTests {
  /// The route suites' work runs on ``RouteThreads``, not on the cooperative pool the rest of
  /// the tests share: a route's own handler (one added for this test says where it ran), and
  /// the tasks the test starts under the preference.
  @Test func theRoutesRunOnThreadsOfTheirOwn() async throws {
    #expect(!RouteThreads.shared.isCurrent, "the test itself starts elsewhere")
    let (location, remove) = try await TestDatabase.sqlite.make()
    try await InProcessAPI.with(.testing(location), adding: { router in
      router.get("_test/thread") { _, _ in RouteThreads.shared.isCurrent ? "route threads" : "elsewhere" }
    }) { http, _ in
      let handlers = try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<4 { group.addTask { String(decoding: try await http.get("/_test/thread").body, as: UTF8.self) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(handlers == Array(repeating: "route threads", count: 4), "the route's handler ran: \(handlers)")
      async let child = RouteThreads.shared.isCurrent
      #expect(await child, "a child task runs there too")
    }
    await remove()
  }

  /// A request in process that gets no answer within its client's timeout fails as it would
  /// over a socket, even from a route that never looks at its cancellation: the client does not
  /// wait for the route to give up.
  @Test(.timeLimit(.minutes(1))) func anAnswerThatNeverComesTimesOut() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    // The route ends only when the test lets it, whatever happens to the request.
    let (release, letGo) = AsyncStream.makeStream(of: Void.self)
    let routeEnded = Flag()
    try await InProcessAPI.with(.testing(location), adding: { router in
      router.get("_test/deaf") { _, _ in
        await withTaskCancellationHandler {
          await Task.detached { for await _ in release { break } }.value  // Not cancelled with the request.
        } onCancel: {}
        routeEnded.raise()
        return "late"
      }
    }) { http, _ in
      var impatient = http
      impatient.timeout = 0.5
      await #expect(throws: URLError.self) { try await impatient.get("/_test/deaf") }
      #expect(!routeEnded.isRaised, "told at its timeout, while the route still ran")
      letGo.yield()
    }
    await remove()
  }
}
