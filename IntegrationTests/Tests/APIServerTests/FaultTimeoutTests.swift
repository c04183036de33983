import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// A timeout fault on real sockets: the client's own deadline runs out (2 s of wall time) while
/// the server holds the answer, so it lives here rather than in the unit tier. (Moved from the
/// unit tier's ConfigurationTests, unchanged.)
@Suite(.serialized)
struct FaultTimeoutTests {
  /// The fault a careful client must survive: the order is stored, the answer never comes in
  /// time, and the same attempt sent again is recognised. A second server on the same file
  /// shows what the first one stored.
  @Test func aTimeoutFaultStoresTheOrderButHoldsTheAnswer() async throws {
    var plan = FaultPlan()
    plan.timeoutRate = 1
    plan.hold = .seconds(30)
    let (location, remove) = try await TestDatabase.sqlite.make()
    defer { Task { await remove() } }
    let faulty = try await TestServer(location: location, faults: plan)
    let server = try await TestServer(location: location)
    var impatient = HTTP(baseURL: faulty.baseURL)
    impatient.timeout = 2
    await #expect(throws: (any Error).self) { try await impatient.order(.sample(2), key: "late") }

    let http = HTTP(baseURL: server.baseURL)
    var stored: [StoredOrder] = []
    for _ in 0..<100 where stored.isEmpty {
      stored = try await http.get("/carts").decode([StoredOrder].self)
      if stored.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(stored.count == 1, "the order landed although its answer never came")
    let again = try await http.order(.sample(2), key: "late")
    #expect(again.headers["idempotent-replayed"] == "true")
    await faulty.stop()
    await server.stop()
  }
}
