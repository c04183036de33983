import Foundation
import Logging
import OnlineStoreAPI
import PostgresNIO
import Testing

/// A database for one test: a fresh SQLite file, or a fresh PostgreSQL database on the server
/// that `ONLINESTORE_TEST_POSTGRES` names (`.ci/run` starts a throwaway one and sets it for the
/// integration tier).
enum TestDatabase: String, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  var testDescription: String { rawValue }

  /// The databases a route test runs against in this tier. The unit tier (`swift test` at the
  /// root) runs them in process on SQLite alone; the integration tier compiles the same files
  /// with `INTEGRATION_TIER` and runs them against the PostgreSQL server that
  /// `ONLINESTORE_TEST_POSTGRES` names — a server missing there is a failure, not a gap.
  static var all: [TestDatabase] {
    #if INTEGRATION_TIER
    [postgresServer]
    #else
    [.sqlite]
    #endif
  }

  /// Both kinds in the integration tier, for its tests of a whole server process; SQLite alone
  /// in the unit tier.
  static var everyKind: [TestDatabase] {
    #if INTEGRATION_TIER
    [.sqlite, postgresServer]
    #else
    [.sqlite]
    #endif
  }

  /// PostgreSQL, recording a failure when no server is named (the case then fails as it starts).
  private static var postgresServer: TestDatabase {
    if ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"] == nil {
      Issue.record("the integration tier runs the route tests on PostgreSQL: set ONLINESTORE_TEST_POSTGRES (.ci/run starts a throwaway server)")
    }
    return .postgres
  }

  /// A new, empty database of this kind, and how to remove it.
  func make() async throws -> (location: DatabaseLocation, remove: @Sendable () async -> Void) {
    switch self {
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-api-\(UUID().uuidString)")
      return (.sqlite(path: directory.appendingPathComponent("api.sqlite").path), { try? FileManager.default.removeItem(at: directory) })
    case .postgres:
      guard let address = ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"] else {
        throw TestFailure("no PostgreSQL to test on: set ONLINESTORE_TEST_POSTGRES (.ci/run starts a throwaway server)")
      }
      let server = try DatabaseLocation(parsing: address)
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
