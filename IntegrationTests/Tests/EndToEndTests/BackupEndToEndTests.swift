import Foundation
import StoreTestSupport
import Testing

/// Docs/Operating.md's backup and restore, as an operator types them: `onlinestore-api backup`
/// while a running server takes orders, then `restore` into a new place that a new server
/// serves, with every order acknowledged before the backup. On SQLite the server and both
/// commands run as the unprivileged service user, as an operator's deployment runs them.
@Suite(.serialized)
struct BackupEndToEndTests {
  @Test func theNightlyBackupIsRestoredIntoANewServer() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let database = workspace.appendingPathComponent("api.sqlite").path
    let restored = workspace.appendingPathComponent("restored").appendingPathComponent("api.sqlite").path
    try FileManager.default.createDirectory(atPath: (restored as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    ServiceUser.handOver(workspace)
    let server = try await APIServerProcess.start(database: "sqlite:" + database, arguments: ["--orders-per-minute", "1000"], asServiceUser: true)
    var before: [Int] = []
    for number in 0..<30 {
      let (status, body) = try await PrometheusScrapeTests.send(
        "POST", server.baseURL.appendingPathComponent("carts"),
        body: #"{"userId":\#(number % 2 + 1),"products":[{"productId":\#(number % 10 + 1),"quantity":1}]}"#
      )
      #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
      if let order = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let id = order["id"] as? Int { before.append(id) }
    }
    let backupFile = workspace.appendingPathComponent("nightly.sqlite").path
    // Orders keep coming while the backup is taken.
    let more = Task {
      for number in 0..<30 {
        _ = try? await PrometheusScrapeTests.send(
          "POST", server.baseURL.appendingPathComponent("carts"), body: #"{"userId":2,"products":[{"productId":\#(number % 10 + 1),"quantity":1}]}"#
        )
      }
    }
    let backup = try Self.runAsServiceUser(["backup", "--database", "sqlite:" + database, "--to", backupFile])
    await more.value
    #expect(backup.status == 0, "\(backup.output)")
    #expect(backup.output.hasPrefix("onlinestore-api: backed up "), "\(backup.output)")
    #expect(try Self.runAsServiceUser(["backup", "--database", "sqlite:" + database, "--to", backupFile]).status != 0, "never overwritten")
    await server.stop()

    let restore = try Self.runAsServiceUser(["restore", "--from", backupFile, "--database", "sqlite:" + restored])
    #expect(restore.status == 0 && restore.output.contains("restored "), "\(restore.output)")
    let again = try await APIServerProcess.start(database: "sqlite:" + restored, asServiceUser: true)
    for id in before {
      #expect(try await PrometheusScrapeTests.send("GET", again.baseURL.appendingPathComponent("carts/\(id)")).0 == 200, "order \(id)")
    }
    await again.stop()
    let postgres = try Self.run(["backup", "--database", "postgres://someone@localhost/store", "--to", backupFile + "2"])
    #expect(postgres.status != 0 && postgres.output.contains("pg_dump"), "PostgreSQL is pointed to its own tools: \(postgres.output)")
  }

  /// Docs/Operating.md's PostgreSQL path, as written there: `pg_dump` of a store's database,
  /// `pg_restore` into a new one, served by a new server with every order.
  @Test func aPostgresStoreIsDumpedAndRestoredWithItsOwnTools() async throws {
    guard let server = ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"] else {
      #expect(ProcessInfo.processInfo.environment["ONLINESTORE_REQUIRE_POSTGRES"] == nil, "no PostgreSQL to test on")
      return
    }
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    let (original, copy) = ("store_\(suffix)", "restored_\(suffix)")
    let base = server.hasSuffix("/postgres") ? String(server.dropLast("postgres".count)) : server + "/"
    for name in [original, copy] {
      #expect(try Self.run("/usr/bin/psql", [server, "-q", "-c", "CREATE DATABASE \(name)"]).status == 0)
    }
    let api = try await APIServerProcess.start(database: base + original)
    var orders: [Int] = []
    for number in 0..<10 {
      let (status, body) = try await PrometheusScrapeTests.send(
        "POST", api.baseURL.appendingPathComponent("carts"), body: #"{"userId":1,"products":[{"productId":\#(number + 1),"quantity":1}]}"#
      )
      #expect(status == 200)
      if let order = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let id = order["id"] as? Int { orders.append(id) }
    }
    let dump = workspace.appendingPathComponent("store.dump").path
    let dumped = try Self.run("/usr/bin/pg_dump", ["--format=custom", "--file=\(dump)", base + original])
    #expect(dumped.status == 0, "\(dumped.output)")
    await api.stop()
    let restored = try Self.run("/usr/bin/pg_restore", ["--clean", "--if-exists", "--dbname=\(base + copy)", dump])
    #expect(restored.status == 0, "\(restored.output)")
    let again = try await APIServerProcess.start(database: base + copy)
    #expect(orders.count == 10)
    for id in orders {
      #expect(try await PrometheusScrapeTests.send("GET", again.baseURL.appendingPathComponent("carts/\(id)")).0 == 200, "order \(id)")
    }
    await again.stop()
    for name in [original, copy] { _ = try Self.run("/usr/bin/psql", [server, "-q", "-c", "DROP DATABASE \(name)"]) }
  }

  /// Runs `onlinestore-api` with `arguments`; its exit status and what it wrote.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try run(APIServerProcess.binary.path, arguments)
  }

  /// Runs `onlinestore-api` with `arguments` as the service user (when the tests are root).
  static func runAsServiceUser(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let (program, command) = ServiceUser.command(APIServerProcess.binary, arguments)
    return try run(program.path, command)
  }

  /// Runs `program` with `arguments`; its exit status and what it wrote.
  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
