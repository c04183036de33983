import ArgumentParser
import CPseudoTerminal
import Foundation
import Logging
import Observability
import SSHFrontDoor
import StoreCommand
import Synchronization

/// `onlinestore serve`: the store over SSH, for many shoppers at once.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the store over SSH: anyone who connects with ssh -t is shopping.",
    discussion: """
      Any public key may shop (or only those in --authorized-keys); the key's SHA256 \
      fingerprint is the customer, whose cart is kept between logins and restarts. A client \
      without a key is let in as a guest through password authentication with any password; a \
      guest's cart lasts for the connection. Each session runs the store in a process of its \
      own on a pseudo-terminal.
      """
  )

  @Option(help: ArgumentHelp("Where to listen.", valueName: "host:port"))
  var listen = "0.0.0.0:2222"

  @Option(name: .customLong("state-dir"), help: ArgumentHelp("The host key and the customers' carts (default: $XDG_STATE_HOME/onlinestore/serve).", valueName: "dir"))
  var stateDirectory: String?

  @Option(name: .customLong("host-key"), help: ArgumentHelp("The host key to serve, shared by every host of one store (default: one made in the state directory).", valueName: "file"))
  var hostKey: String?

  @Option(
    name: .customLong("new-host-key"),
    help: ArgumentHelp("Make a host key in this file for the hosts of one store to share (--host-key), print its fingerprint, and exit.", valueName: "file")
  )
  var newHostKey: String?

  @Option(name: .customLong("authorized-keys"), help: ArgumentHelp("Only these keys may shop (an OpenSSH authorized_keys file); no guests.", valueName: "file"))
  var authorizedKeys: String?

  @Option(
    name: .customLong("admin-keys"),
    help: ArgumentHelp("These keys (an OpenSSH authorized_keys file) get the back office instead of the shop; needs --api and --admin-token-file.", valueName: "file")
  )
  var adminKeys: String?

  @Option(
    name: .customLong("admin-token-file"),
    help: ArgumentHelp("The --api server's front-door token (onlinestore-api --front-door-token-file), for the operators' back office.", valueName: "file")
  )
  var adminTokenFile: String?

  @Option(
    name: .customLong("proxy-protocol-from"),
    help: ArgumentHelp("Load balancers (CIDR, comma-separated) whose PROXY protocol header names the real client.", valueName: "cidr,…")
  )
  var proxyProtocolFrom: String?

  @Option(
    name: .customLong("drain-timeout"), parsing: .unconditional,
    help: ArgumentHelp(
      "On SIGTERM: stop accepting, tell each session the host is restarting, and let sessions go on this long before hanging them up (0: at once).",
      valueName: "seconds"
    )
  )
  var drainTimeout = 30

  @Option(
    help: ArgumentHelp(
      "Serve Prometheus metrics (GET /metrics) and /livez and /readyz here, for the operator and a load balancer's check: an address shoppers cannot reach.",
      valueName: "host:port"
    )
  )
  var metrics: String?

  @Option(help: "How log lines are written: text, or json (one object per line, with each session's number).")
  var logFormat: LogFormat = .text

  @OptionGroup(title: "Limits") var limits: ServeLimitOptions

  @Flag(name: .customLong("exec-each-store"), help: .hidden)
  var execEachStore = false

  /// For the front door's own tests: a program each session executes in place of the store (with
  /// the store's arguments), so that a store that floods its terminal or ignores its hang-up can
  /// be played by a script.
  @Option(name: .customLong("store-program"), help: .hidden)
  var storeProgram: String?

  @OptionGroup var data: StoreOptions

  func validate() throws {
    guard parsedListen != nil else {
      throw ValidationError("--listen needs HOST:PORT, such as 0.0.0.0:2222 or 127.0.0.1:0 (got '\(listen)').")
    }
    if let metrics, Self.hostAndPort(metrics) == nil {
      throw ValidationError("--metrics needs HOST:PORT, such as 127.0.0.1:9465 (got '\(metrics)').")
    }
    if let proxyProtocolFrom, AddressRange.list(parsing: proxyProtocolFrom) == nil {
      throw ValidationError("--proxy-protocol-from needs addresses or CIDR blocks, comma-separated, such as 10.0.0.0/8,192.0.2.7 (got '\(proxyProtocolFrom)').")
    }
    guard data.customer == nil, !data.guest else { throw ValidationError("--customer and --guest are set for each session by serve itself.") }
    guard (0...3_600).contains(drainTimeout) else { throw ValidationError("--drain-timeout needs 0 to 3600 seconds (got \(drainTimeout)).") }
    guard data.log == nil else { throw ValidationError("--log is for one store; serve logs each session to standard error.") }
    if adminKeys != nil || adminTokenFile != nil {
      guard adminKeys != nil, adminTokenFile != nil, data.apiURL != nil else {
        throw ValidationError("--admin-keys, --admin-token-file and --api go together: the back office is the --api server's.")
      }
      _ = try operators()
    }
  }

  /// The operators' keys and their back office, from `--admin-keys` and `--admin-token-file`.
  func operators() throws -> FrontDoorConfiguration.Operators? {
    guard let adminKeys, let adminTokenFile, let apiURL = data.apiURL else { return nil }
    guard let text = try? String(contentsOfFile: adminKeys, encoding: .utf8) else {
      throw ValidationError("--admin-keys: \(adminKeys) cannot be read.")
    }
    let keys = AuthorizedKeys(parsing: text)
    guard !keys.entries.isEmpty else {
      throw ValidationError("--admin-keys: \(adminKeys) holds no key this server takes\(Self.refusalSummary(keys)).")
    }
    var options = try AdminOptions.make(apiURL: apiURL, adminTokenFile: adminTokenFile)
    options.timeout = data.timeout
    try options.validate()
    return FrontDoorConfiguration.Operators(keys: keys, options: options)
  }

  private var parsedListen: (host: String, port: Int)? { Self.hostAndPort(listen) }

  /// `HOST:PORT` (an IPv6 host in brackets), or `nil`.
  static func hostAndPort(_ text: String) -> (host: String, port: Int)? {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else { return nil }
    let host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return host.isEmpty ? nil : (host, port)
  }

  func run() async throws {
    if let newHostKey {
      try Self.makeHostKey(at: URL(fileURLWithPath: newHostKey))
      return
    }
    logFormat.bootstrap()
    let logger = Logger(label: "onlinestore.serve")
    var shoppers: AuthorizedKeys?
    if let authorizedKeys {
      guard let text = try? String(contentsOfFile: authorizedKeys, encoding: .utf8) else {
        throw ValidationError("--authorized-keys: \(authorizedKeys) cannot be read.")
      }
      shoppers = AuthorizedKeys(parsing: text)
      Self.log(shoppers!.refusals, of: "--authorized-keys", logger: logger)
    }
    let state = stateDirectory.map { URL(fileURLWithPath: $0) } ?? Self.defaultStateDirectory
    let (host, port) = parsedListen!
    var shared: (options: StoreOptions, keyCustomers: (any KeyCustomers)?)
    do {
      shared = try await sharedState(logger: logger)
    } catch {
      FileHandle.standardError.write(Data("onlinestore serve: \(error)\n".utf8))
      throw ExitCode(1)
    }
    let stockRelay = state.appendingPathComponent("stock")
    if shared.options.apiBaseURL != nil { shared.options.stockRelay = stockRelay.path }
    var configuration = FrontDoorConfiguration(
      host: host, port: port, stateDirectory: state, hostKeyFile: hostKey.map { URL(fileURLWithPath: $0) }, limits: limits.limits,
      authorizedKeys: shoppers, storeExecutable: storeProgram ?? Self.executablePath, storeOptions: shared.options,
      forksStores: !execEachStore && storeProgram == nil,
      proxyProtocolSources: proxyProtocolFrom.flatMap(AddressRange.list(parsing:)) ?? [], keyCustomers: shared.keyCustomers,
      operators: try operators()
    )
    if let metrics {
      configuration.operatorAddress = Self.hostAndPort(metrics)
      configuration.metrics = FrontDoorMetrics()
    }
    if let operators = configuration.operators { Self.log(operators.keys.refusals, of: "--admin-keys", logger: logger) }
    let door: FrontDoor
    do {
      door = try await FrontDoor.open(configuration, logger: logger)
    } catch {
      FileHandle.standardError.write(Data("onlinestore serve: \(error)\n".utf8))
      throw ExitCode(1)
    }
    let relaying = relayStock(into: stockRelay, options: shared.options, listeners: door.limits.maximumSessions, logger: logger)
    defer { relaying?.cancel() }
    signal(SIGPIPE, SIG_IGN)
    let stopSignals = pt_watch_stop_signals()
    guard stopSignals >= 0 else {
      FileHandle.standardError.write(Data("onlinestore serve: cannot handle SIGTERM: \(String(cString: strerror(errno)))\n".utf8))
      await door.stop(grace: .seconds(5))
      throw ExitCode(1)
    }
    // One line, written at once, when connections are accepted: scripts wait for it.
    let operatorPort = door.operatorAddress.map { "; metrics and health on \($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? ""
    let ready = "onlinestore serve: listening on \(host):\(door.address.port ?? port) (host key \(door.hostKey.fingerprint))\(operatorPort)\n"
    FileHandle.standardOutput.write(Data(ready.utf8))
    let number = await Self.nextSignal(from: stopSignals)
    logger.info("draining", metadata: ["signal": "\(number)", "sessions": "\(door.sessionCount)", "seconds": "\(drainTimeout)"])
    // A second SIGTERM or SIGINT ends the drain at once.
    let again = Mutex(false)
    Task.detached {
      _ = await Self.nextSignal(from: stopSignals)
      again.withLock { $0 = true }
    }
    // Each store still running is hung up and has `--hangup-grace` to save and end.
    await door.stop(drain: .seconds(drainTimeout), grace: door.limits.hangupGrace) { again.withLock { $0 } }
    logger.info("stopped")
  }

  /// `--new-host-key`: a new key in `file` (0600), never over one already there.
  static func makeHostKey(at file: URL) throws {
    guard !FileManager.default.fileExists(atPath: file.path) else {
      FileHandle.standardError.write(Data("onlinestore serve: \(file.path) exists already; a store's host key is never replaced.\n".utf8))
      throw ExitCode(1)
    }
    umask(0o077)
    do {
      let key = try HostKey.loadOrCreate(at: file)
      print("\(file.path): host key \(key.fingerprint)")
    } catch {
      FileHandle.standardError.write(Data("onlinestore serve: \(error)\n".utf8))
      throw ExitCode(1)
    }
  }

  /// Waits, on a thread of its own, for the first signal number written to `descriptor`.
  static func nextSignal(from descriptor: Int32) async -> Int32 {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) < 0, errno == EINTR {}
        continuation.resume(returning: Int32(byte))
      }
    }
  }

  static var defaultStateDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return URL(fileURLWithPath: base).appendingPathComponent("onlinestore/serve")
  }

  /// This program, which every session runs.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}

extension LogFormat: ExpressibleByArgument {}
