import Foundation
import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// The real `onlinestore-api` process, killed with SIGKILL while orders pour in: every order
/// that got a 2xx answer is there after the restart, under its key.
@Suite(.serialized)
struct DurabilityTests {
  /// One customer orders here as fast as the server takes orders, and every order is read back.
  static let unlimited = ["--orders-per-minute", "100000", "--max-page", "1000000"]

  @Test func everyAnsweredOrderSurvivesKill9() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-kill-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = "sqlite:" + directory.appendingPathComponent("api.sqlite").path
    var answered: [String: Int] = [:]

    // Eight kills, and more (up to sixteen) until enough orders were answered for the check
    // below to mean something: about 25 a round on an idle machine, fewer when the whole test
    // suite shares the two cores — a count, not a time, decides when there were enough.
    var rounds = 0
    while rounds < 8 || (answered.count < 64 && rounds < 16) {
      let round = rounds
      rounds += 1
      let server = try await APIServerProcess.start(database: database, arguments: Self.unlimited)
      let baseURL = server.baseURL
      let posting = (0..<8).map { client in
        Task { () -> [String: Int] in
          var mine: [String: Int] = [:]
          var http = HTTP(baseURL: baseURL)
          http.timeout = 5
          for number in 0... {
            let key = "round-\(round)-client-\(client)-\(number)"
            guard let answer = try? await http.order(.sample(number % 20 + 1, quantity: 1 + client), key: key) else { break }
            guard answer.status == 200, let id = try? answer.decode(StoredOrder.self).id else { break }
            mine[key] = id
          }
          return mine
        }
      }
      try await Task.sleep(for: .milliseconds(Int.random(in: 200...600)))
      await server.kill9()
      #expect(server.process.terminationReason == .uncaughtSignal)
      for task in posting {
        answered.merge(await task.value) { first, _ in first }
      }
    }
    #expect(answered.count >= 64, "orders were answered before the kills, in \(rounds) rounds")

    let server = try await APIServerProcess.start(database: database, arguments: Self.unlimited)
    let http = HTTP(baseURL: server.baseURL)
    let stored = try await http.get("/carts?limit=1000000").decode([StoredOrder].self)
    let storedIDs = Set(stored.map(\.id))
    let lost = answered.filter { !storedIDs.contains($0.value) }
    #expect(lost.isEmpty, "\(lost.count) answered orders were lost")
    // Each is stored under its key: sent again, it is recognised, not taken twice.
    for (key, id) in answered.shuffled().prefix(50) {
      let number = Int(key.split(separator: "-").last!)!
      let client = Int(key.split(separator: "-")[3])!
      let again = try await http.order(.sample(number % 20 + 1, quantity: 1 + client), key: key)
      #expect(again.headers["idempotent-replayed"] == "true" && (try? again.decode(StoredOrder.self).id) == id)
    }
    await server.stop()
  }
}
