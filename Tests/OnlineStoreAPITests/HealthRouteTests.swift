import Clocks
import Foundation
@testable import OnlineStoreAPI
import StoreTestSupport
import Testing

/// `/livez` and `/readyz`: open to a balancer that has no token, untouched by injected faults,
/// and `/readyz` false — with why — while the database does not answer or the server drains.
struct HealthRouteTests {
  @Test func liveAndReadyWithoutATokenAndWithoutFaults() async throws {
    var faults = FaultPlan()
    faults.errorRate = 1
    try await RouteTests.withServer(.sqlite, faults: faults, token: HardeningTests.token) { http, routes in
      #expect(try await http.get("/products").status == 503, "the fault plan is at work")
      let live = try await http.get("/livez")
      #expect(live.status == 200 && (live.json as? [String: String]) == ["status": "live"])
      let ready = try await http.get("/readyz")
      #expect(ready.status == 200)
      #expect(try ready.decode(ReadyAnswer.self) == ReadyAnswer(ready: true, database: "ok", draining: false))
      routes.readiness.beginDraining()
      let draining = try await http.get("/readyz")
      #expect(draining.status == 503)
      #expect(try draining.decode(ReadyAnswer.self) == ReadyAnswer(ready: false, database: "ok", draining: true))
      #expect(try await http.get("/livez").status == 200, "a draining instance is still alive")
    }
  }

  @Test func aDatabaseThatFailsIsUnreachableAndOneThatHangsRunsOutOfTime() async {
    let failing = Readiness(probeDatabase: { throw TestFailure("connection refused by db.internal:5432") }, clock: ElapsedClock(WatchedClock()))
    #expect(await failing.check() == Readiness.Report(ready: false, database: "unreachable", draining: false), "the error's text is not shown")

    // A clock of its own: the only sleep on it is this check's deadline.
    let clock = WatchedClock()
    let hanging = Readiness(probeDatabase: { try await Task.sleep(for: .seconds(3_600)) }, clock: ElapsedClock(clock))
    let checked = Task { await hanging.check() }
    // The deadline is on the clock: decided when 2 s of it have passed.
    await clock.sleeping()
    await clock.advance(by: .seconds(2))
    #expect(await checked.value == Readiness.Report(ready: false, database: "no answer within 2 s", draining: false))
  }

  struct ReadyAnswer: Decodable, Equatable {
    var ready: Bool
    var database: String
    var draining: Bool
  }
}
