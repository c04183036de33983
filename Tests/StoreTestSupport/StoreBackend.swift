import Foundation

/// What several hosts of one store share in a test: two API instances and their database.
///
/// On the PostgreSQL server `ONLINESTORE_TEST_POSTGRES` names (`.ci/run` starts one), a fresh
/// database of it, as in a deployment. Without one, both instances share an SQLite file: the
/// hosts still share every cart and number, but an instance hears another's saves only when a
/// waiting request's time is up (``hearsOtherInstancesAtOnce``). Under
/// `ONLINESTORE_REQUIRE_POSTGRES` a missing server is a failure instead.
public struct StoreBackend: Sendable {
  public let instances: [APIServerProcess]
  private let dropDatabase: (@Sendable () async -> Void)?

  /// The instance host `index` talks to.
  public func api(for index: Int) -> APIServerProcess { instances[index % instances.count] }

  /// The instance that hears host `index`'s live updates at once: its own on PostgreSQL, the
  /// first on a shared SQLite file.
  public func liveAPI(for index: Int) -> APIServerProcess { hearsOtherInstancesAtOnce ? api(for: index) : instances[0] }

  /// Whether a save through one instance wakes the requests waiting on the other at once
  /// (PostgreSQL's NOTIFY), rather than when their wait is up.
  public var hearsOtherInstancesAtOnce: Bool { dropDatabase != nil }

  /// Starts the instances with `arguments` each (`arguments[i]` for instance i, when given),
  /// instance i listening on `hosts[i]` (127.0.0.1 when not given).
  public static func start(in directory: URL, token: URL? = nil, arguments: [[String]] = [], hosts: [String] = []) async throws -> StoreBackend {
    let environment = ProcessInfo.processInfo.environment
    var common: [String] = []
    if let token {
      ServiceUser.handOver(token)
      common += ["--token-file", token.path]
    }
    // The instances run as the unprivileged service user, as deployed (when the tests are root).
    let data = directory.appendingPathComponent("api-data")
    if ServiceUser.account != nil { try ServiceUser.makeStateDirectory(data) }
    guard let server = environment["ONLINESTORE_TEST_POSTGRES"] else {
      if environment["ONLINESTORE_REQUIRE_POSTGRES"] != nil {
        throw APIServerProcess.StartFailure(description: "ONLINESTORE_REQUIRE_POSTGRES is set but ONLINESTORE_TEST_POSTGRES names no server")
      }
      let file = "sqlite:" + data.appendingPathComponent("api.sqlite").path
      var instances: [APIServerProcess] = []
      for index in 0..<2 {
        instances.append(
          try await APIServerProcess.start(
            database: file, arguments: common + (index < arguments.count ? arguments[index] : []), host: index < hosts.count ? hosts[index] : "127.0.0.1",
            log: directory.appendingPathComponent("api-\(index).log"), asServiceUser: true
          )
        )
      }
      return StoreBackend(instances: instances, dropDatabase: nil)
    }
    let name = "onlinestore_hosts_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
    try await psql(server, "CREATE DATABASE \(name)")
    guard let slash = server.lastIndex(of: "/") else { throw APIServerProcess.StartFailure(description: "not a postgres:// address: \(server)") }
    let database = server[..<slash] + "/" + name
    var instances: [APIServerProcess] = []
    for index in 0..<2 {
      let extra = index < arguments.count ? arguments[index] : []
      instances.append(
        try await APIServerProcess.start(
          database: String(database), arguments: common + extra, host: index < hosts.count ? hosts[index] : "127.0.0.1",
          log: directory.appendingPathComponent("api-\(index).log"), asServiceUser: true
        )
      )
    }
    return StoreBackend(instances: instances, dropDatabase: { try? await psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") })
  }

  public func stop() async {
    for instance in instances { await instance.stop() }
    await dropDatabase?()
  }

  /// Runs one statement with `psql` against the server's maintenance database.
  private static func psql(_ server: String, _ statement: String) async throws {
    let status = try await Blocking.run { () throws -> Int32 in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["psql", "-q", "-v", "ON_ERROR_STOP=1", server, "-c", statement]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    guard status == 0 else { throw APIServerProcess.StartFailure(description: "psql could not run: \(statement)") }
  }
}
