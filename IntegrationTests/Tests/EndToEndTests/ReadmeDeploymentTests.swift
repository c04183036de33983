import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The systemd units of the guides (`Docs/ServingOverSSH.md`, `Docs/SeveralHosts.md`), started
/// as systemd would start them — as their `User=`, with their `ExecStart=` word for word but for
/// this machine's paths and addresses, their `StateDirectoryMode` and `LimitNOFILE` — and used:
/// a shopper connects over SSH and shops, and the unit's stop signal ends the server within its
/// `TimeoutStopSec`.
///
/// Under root (CI) the unit's user is the ``ServiceUser`` the tests make; the guides name the
/// same user, and a test fails if they part.
@Suite(.serialized)
struct ReadmeDeploymentTests {
  @Test func theSingleHostUnitServesAShopper() async throws {
    let unit = try SystemdUnit.inDocs("onlinestore.service")
    #expect(unit.user == ServiceUser.name, "the guide's unit runs as the user the tests run servers as")
    #expect(unit.stopTimeout >= Double(unit.drainSeconds + 5), "TimeoutStopSec leaves the drain (\(unit.drainSeconds) s) and the hang-up grace (5 s) their time")
    let workspace = try SSHEndToEndTests.workspace()
    let state = workspace.appendingPathComponent("var-lib-onlinestore")
    // systemd makes StateDirectory= with StateDirectoryMode=, the service user's.
    let mode = mode_t(unit.settings["StateDirectoryMode"].flatMap { Int($0, radix: 8) } ?? 0o755)
    if ServiceUser.account != nil { try ServiceUser.makeStateDirectory(state, mode: mode) }
    let command = unit.command(replacing: [
      "/usr/local/bin/onlinestore": StoreTerminal.binary.path, "0.0.0.0:2222": "127.0.0.1:0", "/var/lib/onlinestore": state.path,
    ])
    let server = try await UnitProcess.start(command, unit: unit, readyLine: "onlinestore serve: listening on 127.0.0.1:", log: workspace)
    if let account = ServiceUser.account { #expect(server.uid == account.uid, "running as \(ServiceUser.name), not root") }
    try await Self.shopOnce(at: server.port, in: workspace)
    #expect(await SSHEndToEndTests.eventually { server.logText.contains("store exited 0") }, "\(server.logText)")
    #expect(PrivateFilesCheck.mode(state.appendingPathComponent("host_ed25519_key")) == 0o600, "the host key is the service's alone")
    #expect(try SSHEndToEndTests.savedCart(in: state).contains(#""1":1"#), "the cart is saved in the state directory")
    let stopped = await server.stop(signal: unit.killSignal, within: unit.stopTimeout)
    #expect(stopped == 0, "the unit's KillSignal ends it within TimeoutStopSec")
  }

  /// The several-hosts units: onlinestore-api with its token, and onlinestore serve with the
  /// shared host key (made by `serve --new-host-key`, as Docs/SeveralHosts.md says), talking to it.
  @Test func theAPIAndServeUnitsServeAShopperTogether() async throws {
    let apiUnit = try SystemdUnit.inDocs("onlinestore-api.service")
    let serveUnit = try SystemdUnit.inDocs("onlinestore-serve.service")
    #expect(serveUnit.stopTimeout >= Double(serveUnit.drainSeconds + 5), "TimeoutStopSec leaves the drain and the hang-up grace their time")
    #expect(apiUnit.user == ServiceUser.name && serveUnit.user == ServiceUser.name)
    let workspace = try SSHEndToEndTests.workspace()
    let etc = workspace.appendingPathComponent("etc-onlinestore")
    try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
    let token = etc.appendingPathComponent("api-token")
    #expect(FileManager.default.createFile(atPath: token.path, contents: Data((String(repeating: "ab", count: 32) + "\n").utf8)))
    chmod(token.path, 0o600)
    let data = workspace.appendingPathComponent("api-data")
    if ServiceUser.account != nil { try ServiceUser.makeStateDirectory(data) }
    ServiceUser.handOver(etc)
    let database = ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"] != nil
      ? try await TestPostgres.freshDatabase() : "sqlite:" + data.appendingPathComponent("api.sqlite").path
    let apiCommand = apiUnit.command(replacing: [
      "/usr/local/bin/onlinestore-api": APIServerProcess.binary.path, "10.0.0.21:8080": "127.0.0.1:0",
      "postgres://onlinestore@10.0.0.30:5432/onlinestore?sslmode=require": database, "/etc/onlinestore/api-token": token.path,
    ])
    let api = try await UnitProcess.start(apiCommand, unit: apiUnit, readyLine: "onlinestore-api: listening on 127.0.0.1:", log: workspace)
    // Docs/SeveralHosts.md's step 2: the host key, made once by serve itself, as the service's user.
    let hostKey = etc.appendingPathComponent("host_ed25519_key")
    let made = try await UnitProcess.run(unitUser: [StoreTerminal.binary.path, "serve", "--new-host-key", hostKey.path], log: workspace)
    #expect(made == 0)
    let state = workspace.appendingPathComponent("serve-state")
    if ServiceUser.account != nil { try ServiceUser.makeStateDirectory(state) }
    let operatorPort = try Deployment.freePort()
    let serveCommand = serveUnit.command(replacing: [
      "/usr/local/bin/onlinestore": StoreTerminal.binary.path, "0.0.0.0:2222": "127.0.0.1:0", "/etc/onlinestore/host_ed25519_key": hostKey.path,
      "http://10.0.0.21:8080": "http://127.0.0.1:\(api.port)", "/etc/onlinestore/api-token": token.path, "/var/lib/onlinestore": state.path,
      "10.0.0.11:9465": "127.0.0.1:\(operatorPort)",
    ])
    let serve = try await UnitProcess.start(serveCommand, unit: serveUnit, readyLine: "onlinestore serve: listening on 127.0.0.1:", log: workspace)
    // The balancer's health check, as the guide's HAProxy asks it.
    let readiness = try await PrometheusScrapeTests.send("GET", URL(string: "http://127.0.0.1:\(operatorPort)/readyz")!)
    #expect(readiness.0 == 200, "\(String(decoding: readiness.1, as: UTF8.self))")
    try await Self.shopOnce(at: serve.port, in: workspace)
    #expect(serve.logText.contains("carts and key customers are kept by the store's server"), "\(serve.logText)")
    // One search finds the shopper's session in both logs: serve names its id, and the API each
    // request the session's store sent (`<id>.<n>`).
    let sessionID = try #require(serve.logText.firstMatch(of: /session_id=([0-9a-f]{16})/).map { String($0.1) }, "\(serve.logText)")
    #expect(api.logText.contains("request_id=\(sessionID).1"), "the store's first request, in the API's log: \(api.logText.suffix(3_000))")
    #expect(api.logText.components(separatedBy: "request_id=\(sessionID).").count > 3, "and the requests after it")
    let sessionLogs = FileManager.default.enumerator(at: state, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
      .filter { $0.lastPathComponent == "session.log" } ?? []
    #expect(
      sessionLogs.contains { ((try? String(contentsOf: $0, encoding: .utf8)) ?? "").contains("session_id=\(sessionID)") },
      "and the store's own session log: \(sessionLogs.map(\.path))"
    )
    // The cart is in the API's open carts: the token opens them.
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(api.port)/shop/carts/1001")!)
    request.setValue("Bearer " + String(repeating: "ab", count: 32), forHTTPHeaderField: "Authorization")
    let (body, _) = try await URLSession.shared.data(for: request)
    #expect(String(decoding: body, as: UTF8.self).contains(#""1":1"#), "\(String(decoding: body, as: UTF8.self))")
    #expect(await serve.stop(signal: serveUnit.killSignal, within: serveUnit.stopTimeout) == 0)
    #expect(await api.stop(signal: apiUnit.killSignal, within: apiUnit.stopTimeout) == 0)
  }
}

extension ReadmeDeploymentTests {
  /// A new key's shopper connects with OpenSSH, puts the first product in the cart and quits.
  static func shopOnce(at port: Int, in workspace: URL) async throws {
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try await StoreTerminal.connect(ServeProcess.ssh(host: "127.0.0.1", port: port, identity: key))
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try await StoreTerminal.quit(shopper)
  }
}

extension SystemdUnit {
  /// `KillSignal=` (SIGTERM, systemd's default).
  var killSignal: Int32 {
    switch settings["KillSignal"] {
    case "SIGINT": SIGINT
    case "SIGHUP": SIGHUP
    default: SIGTERM
    }
  }

  /// `TimeoutStopSec=` (90 s, systemd's default).
  var stopTimeout: Double { settings["TimeoutStopSec"].flatMap(Double.init) ?? 90 }

  /// `serve --drain-timeout`, or its default (30 s).
  var drainSeconds: Int {
    command.firstIndex(of: "--drain-timeout").flatMap { command.indices.contains($0 + 1) ? Int(command[$0 + 1]) : nil } ?? 30
  }

  /// `LimitNOFILE=`, if set.
  var openFileLimit: Int? { settings["LimitNOFILE"].flatMap(Int.init) }
}

/// A unit's process: as its user, under its open-file limit, its log kept.
struct UnitProcess: @unchecked Sendable {
  let process: Process
  let port: Int
  let log: URL

  static func start(_ command: [String], unit: SystemdUnit, readyLine: String, log directory: URL) async throws -> UnitProcess {
    try await Blocking.run {
      let log = directory.appendingPathComponent("\(unit.name)-\(UUID().uuidString).log")
      var (binary, arguments) = ServiceUser.command(URL(fileURLWithPath: command[0]), Array(command.dropFirst()))
      if let limit = unit.openFileLimit {
        // As systemd sets it — within what this machine allows the tests (a container's hard
        // limit may be lower than the unit's, and cannot be raised from inside).
        var current = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &current)
        let allowed = min(UInt64(limit), UInt64(current.rlim_max))
        arguments = ["-c", "ulimit -n \(allowed) && exec \"$0\" \"$@\"", binary.path] + arguments
        binary = URL(fileURLWithPath: "/bin/sh")
      }
      let (process, port) = try ListeningProcess.startBlocking(binary, arguments, readyLine: readyLine, standardError: log)
      return UnitProcess(process: process, port: port, log: log)
    }
  }

  /// Runs a one-off command as the unit's user and waits for it.
  static func run(unitUser command: [String], log directory: URL) async throws -> Int32 {
    let (binary, arguments) = ServiceUser.command(URL(fileURLWithPath: command[0]), Array(command.dropFirst()))
    return try await CleanSpawn.run(binary.path, arguments, outputFile: directory.appendingPathComponent("one-off-\(UUID().uuidString).log").path)
  }

  var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  /// The user the process runs as (`Uid:` of /proc/PID/status).
  var uid: uid_t? {
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { uid_t($0) }
  }

  /// Sends `signal` and waits up to `seconds` for the exit status; killed (and `nil`) if it has
  /// not ended by then, as systemd would.
  func stop(signal: Int32, within seconds: Double) async -> Int32? {
    let process = self.process
    kill(process.processIdentifier, signal)
    return await Blocking.run {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      return process.terminationStatus
    }
  }
}

enum PrivateFilesCheck {
  static func mode(_ url: URL) -> mode_t? {
    var status = stat()
    return lstat(url.path, &status) == 0 ? status.st_mode & 0o777 : nil
  }
}

/// A fresh database on the PostgreSQL server `ONLINESTORE_TEST_POSTGRES` names.
enum TestPostgres {
  static func freshDatabase() async throws -> String {
    let server = ProcessInfo.processInfo.environment["ONLINESTORE_TEST_POSTGRES"]!
    let name = "onlinestore_unit_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
    let status = try await CleanSpawn.run(
      "/usr/bin/env", ["psql", "-q", "-v", "ON_ERROR_STOP=1", server, "-c", "CREATE DATABASE \(name)"],
      outputFile: "/dev/null"
    )
    guard status == 0, let slash = server.lastIndex(of: "/") else { throw TestFailure("could not make a database on \(server)") }
    return server[..<slash] + "/" + name
  }
}
