import Foundation
import FlyingFox
import StoreModels
import StoreTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the store asks a server for stock, for real: `onlinestore snapshot --api` ends against
/// a FakeStore-shaped server and against `onlinestore-api` (with the stock shown); the shop at
/// a FakeStore-shaped server asks what it offers once and never asks for stock; at
/// `onlinestore-api` a sale made elsewhere reaches an open store's list.
@Suite(.serialized)
struct StockFollowingEndToEndTests {
  /// A FakeStore-shaped server: FakeStore's own answers, 404 for anything else, and every path
  /// asked for written down.
  final class FakeStoreShaped: Sendable {
    let server: StubStoreServer
    private let log: PathLog

    init() async throws {
      let log = PathLog()
      let answers: [String: Data] = ["/products": try Fixture.products.data, "/users/1": try Fixture.user1.data, "/products/categories": try Fixture.categories.data]
      server = try await StubStoreServer([
        "GET *": { request in
          log.note(request.path)
          return answers[request.path].map { .json($0) } ?? HTTPResponse(statusCode: .notFound)
        }
      ])
      self.log = log
    }

    var asked: [String] { log.paths }
  }

  final class PathLog: Sendable {
    private let log = Mutex<[String]>([])
    func note(_ path: String) { log.withLock { $0.append(path) } }
    var paths: [String] { log.withLock { $0 } }
  }

  @Test func aSnapshotAtAFakeStoreShapedServerEndsAndAsksNoStock() async throws {
    let fake = try await FakeStoreShaped()
    let output = try await CommandLineTests().run(["snapshot", "--api", fake.server.baseURL.absoluteString, "--size", "80x24"], limit: .seconds(60))
    await fake.server.stop()
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("Fjallraven - Foldsack No. 1 Backpack"), "\(output.standardOutput)")
    #expect(!fake.asked.contains("/shop/stock"), "\(fake.asked)")
    #expect(fake.asked.filter { $0 == "/shop" }.count == 1, "what the server offers is asked once: \(fake.asked)")
  }

  @Test func aSnapshotAtTheStoresOwnServerShowsItsStockAndEnds() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let adminToken = try BackOfficeEndToEndTests.secret("admin-stock-token-0123456789abcdef", in: workspace, named: "admin.token")
    let api = try await APIServerProcess.start(
      database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path, arguments: ["--admin-token-file", adminToken.path]
    )
    var setStock = URLRequest(url: api.baseURL.appendingPathComponent("admin/products/1/stock"))
    setStock.httpMethod = "PUT"
    setStock.httpBody = Data(#"{"stock":3}"#.utf8)
    setStock.setValue("Bearer admin-stock-token-0123456789abcdef", forHTTPHeaderField: "Authorization")
    let (_, response) = try await URLSession.shared.data(for: setStock)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    let output = try await CommandLineTests().run(["snapshot", "--api", api.baseURL.absoluteString, "--size", "80x24"], limit: .seconds(60))
    await api.stop()
    #expect(output.status == 0, "\(output.standardError)")
    let row = output.standardOutput.split(separator: "\n").first { $0.contains("Dot-grid notebook") }
    #expect(row?.contains("3 left") == true, "\(output.standardOutput)")
  }

  /// The shop at a FakeStore-shaped server, left alone on its list: it asked for the products
  /// and what the server offers, once each, and nothing more while it stood there.
  @Test func anIdleShopAtAFakeStoreShapedServerAsksNothingMore() async throws {
    let fake = try await FakeStoreShaped()
    let store = try StoreTerminal.start(["--api", fake.server.baseURL.absoluteString], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Fjallraven")
    let afterFirstFrame = fake.asked.count
    // Long enough for the old poll (every 3 s) to have asked twice.
    try await Task.sleep(for: .seconds(7))
    let asked = fake.asked
    try await StoreTerminal.quit(store)
    await fake.server.stop()
    #expect(asked.count == afterFirstFrame, "nothing asked while idle: \(asked)")
    #expect(!asked.contains("/shop/stock"), "\(asked)")
    #expect(asked.filter { $0 == "/shop" }.count <= 1, "\(asked)")
  }
}
