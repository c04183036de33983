import Foundation
import Logging
import OnlineStoreAPI
import PostgresNIO
import Testing

/// A database for one test: a fresh SQLite file, or a fresh PostgreSQL database on the server
/// that `ONLINESTORE_TEST_POSTGRES` names (`.ci/run` starts a throwaway one and sets it).
enum TestDatabase: String, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  var testDescription: String { rawValue }

  /// SQLite always; PostgreSQL where a server is given. `.ci/run` also sets
  /// `ONLINESTORE_REQUIRE_POSTGRES`, under which a missing server is a failure, not a gap.
  static var all: [TestDatabase] {
    let environment = ProcessInfo.processInfo.environment
    if environment["ONLINESTORE_TEST_POSTGRES"] != nil { return [.sqlite, .postgres] }
    if environment["ONLINESTORE_REQUIRE_POSTGRES"] != nil {
      Issue.record("ONLINESTORE_REQUIRE_POSTGRES is set but ONLINESTORE_TEST_POSTGRES names no server")
    }
    return [.sqlite]
  }

  /// A new, empty database of this kind, and how to remove it.
  func make() async throws -> (location: DatabaseLocation, remove: @Sendable () async -> Void) {
    switch self {
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-api-\(UUID().uuidString)")
      return (.sqlite(path: directory.appendingPathComponent("api.sqlite").path), { try? FileManager.default.removeItem(at: directory) })
    case .postgres:
      let server = try DatabaseLocation(parsing: ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"]!)
      guard case var .postgres(location) = server else { throw TestFailure("ONLINESTORE_TEST_POSTGRES is not a postgres:// address") }
      let name = "onlinestore_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
      try await Self.administer(location, "CREATE DATABASE \(name)")
      let maintenance = location
      location.database = name
      return (.postgres(location), { try? await Self.administer(maintenance, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") })
    }
  }

  /// Runs one statement on the server's maintenance database.
  private static func administer(_ location: DatabaseLocation.PostgresLocation, _ statement: String) async throws {
    let configuration =
      if let socket = location.socketDirectory {
        PostgresClient.Configuration(
          unixSocketPath: socket + "/.s.PGSQL.\(location.port)", username: location.username,
          password: location.password, database: location.database
        )
      } else {
        PostgresClient.Configuration(
          host: location.host ?? "127.0.0.1", port: location.port, username: location.username,
          password: location.password, database: location.database, tls: .disable
        )
      }
    var logger = Logger(label: "test-admin")
    logger.logLevel = .error
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      try await client.query(PostgresQuery(unsafeSQL: statement))
      group.cancelAll()
    }
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
