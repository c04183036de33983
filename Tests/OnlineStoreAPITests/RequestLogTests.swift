import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import OnlineStoreAPI
import Synchronization
import Testing

/// The API says what it does: a line per request once answered, and a database whose write-ahead
/// log is in its file after a clean stop.
struct RequestLogTests {
  /// Every message logged through it, kept.
  final class Lines: Sendable {
    let all = Mutex<[String]>([])
  }

  struct KeepingHandler: LogHandler {
    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      lines.all.withLock { $0.append(event.message.description) }
    }
  }

  @Test func eachRequestIsLoggedWithItsStatusOnceAnswered() async throws {
    let lines = Lines()
    let router = Router()
    router.add(middleware: RequestLogMiddleware())
    router.get("products") { _, _ in "[]" }
    router.get("refused") { _, _ -> String in throw HTTPError(.conflict) }
    let logger = Logger(label: "request-log") { _ in KeepingHandler(lines: lines) }
    try await Application(router: router, logger: logger).test(.router) { client in
      try await client.execute(uri: "/products?limit=1", method: .get) { #expect($0.status == .ok) }
      try await client.execute(uri: "/refused", method: .get) { #expect($0.status == .conflict) }
      try await client.execute(uri: "/nowhere", method: .get) { #expect($0.status == .notFound) }
    }
    let logged = lines.all.withLock { $0 }
    #expect(logged.contains { $0.hasPrefix("GET /products 200 ") && $0.hasSuffix(" ms") }, "\(logged)")
    #expect(logged.contains { $0.hasPrefix("GET /refused 409 ") }, "\(logged)")
    #expect(logged.contains { $0.hasPrefix("GET /nowhere 404 ") }, "\(logged)")
    #expect(!logged.contains { $0.contains("limit=1") }, "the query is not logged")
  }

  @Test func aLoggedPathIsBoundedAndPlain() {
    #expect(RequestLogMiddleware<BasicRequestContext>.shown("/products/1") == "/products/1")
    #expect(RequestLogMiddleware<BasicRequestContext>.shown("/a b\u{1B}[2J") == "/a?b?[2J")
    let long = RequestLogMiddleware<BasicRequestContext>.shown("/" + String(repeating: "x", count: 5_000))
    #expect(long.count == 201 && long.hasSuffix("…"))
  }

  /// After a clean close the database file alone holds the store: a copy of `api.sqlite`
  /// without its `-wal` has the tables and the rows (it once had no tables at all).
  @Test func aClosedSQLiteStoreIsWholeInItsOneFile() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("api.sqlite").path
    let database = try SQLiteStoreDatabase(path: path, pictureBounds: APILimits.testing.storedPictures)
    let loaded = try await database.prepare(loading: StoreCatalog.demo())
    #expect(!loaded.products.isEmpty, "the demo catalog was loaded")
    await database.close()

    let copy = directory.appendingPathComponent("copy.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let reopened = try SQLiteStoreDatabase(path: copy, pictureBounds: APILimits.testing.storedPictures)
    // An empty catalog is loaded only into a database that holds none: the copy holds the demo's.
    let held = try await reopened.prepare(loading: StoreCatalog(products: [], customers: []))
    #expect(held.products.count == loaded.products.count, "the copy of the one file has every product")
    await reopened.close()
  }
}
