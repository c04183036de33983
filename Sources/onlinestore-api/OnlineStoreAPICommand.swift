import ArgumentParser
import Foundation
import Logging
import Observability
import OnlineStoreAPI
import StoreModels

@main
struct OnlineStoreAPICommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "onlinestore-api",
    abstract: "The store's own FakeStore-compatible HTTP server, with orders in a real database.",
    discussion: """
      Serves GET /products (limit, sort), /products/categories, /products/category/NAME, \
      /products/ID, /users, /users/ID, /carts (limit, sort, startdate, enddate), /carts/ID, \
      /carts/user/ID (newest first), and POST /auth/login and POST /carts (the order; an \
      Idempotency-Key header makes sending it again harmless). Bad requests get a 4xx and \
      {"error": "..."}; nothing is stored for them.

      Beside FakeStore's routes, the store's own for several hosts: GET /shop (what this \
      server offers), GET /shop/carts/N (customer N's open cart), POST /shop/carts/N/changes \
      (changes merged into it), GET /shop/carts/N/updates?after=REVISION (the cart once \
      another host saves it; 204 after 25 s without), POST /shop/key-customers (an SSH \
      key's customer number), GET /shop/stock?after=VERSION (what is left of each product, once \
      it changes; 204 after 25 s without).

      Faults (--fault), comma-separated, for testing clients:
        latency=DURATION   every request waits this long first (250ms, 2s)
        error-rate=P       this share of requests gets 503 and is not handled
        timeout-rate=P     this share is handled (orders stored) but answered only after hold
        hold=DURATION      how long timeout-rate holds an answer back (default 60s)
        seed=N             the same faults for the same requests on every run
        route=PATH         faults only for PATH and below it (route=/carts: orders only)

      Stop it with SIGTERM or Ctrl-C: requests under way are answered first.

      `onlinestore-api backup --to FILE` and `onlinestore-api restore --from FILE` copy an \
      SQLite database while the server runs, and put one back (Docs/Operating.md).
      """,
    version: "onlinestore-api \(Release.version)",
    subcommands: [BackupCommand.self, RestoreCommand.self]
  )

  @Option(help: ArgumentHelp("Where to listen.", valueName: "host:port"))
  var listen = "127.0.0.1:8080"

  @Option(
    help: ArgumentHelp(
      "Serve Prometheus metrics (GET /metrics) and /livez and /readyz here, for the operator: an address shoppers cannot reach.",
      valueName: "host:port"
    )
  )
  var metrics: String?

  @Option(help: "How log lines are written: text, or json (one object per line, with each request's request_id).")
  var logFormat: LogFormat = .text

  @Option(
    help: ArgumentHelp(
      "sqlite:PATH or postgres://user:password@host:port/database (default: sqlite:$XDG_STATE_HOME/onlinestore/api.sqlite).",
      valueName: "url"
    )
  )
  var database: String?

  @Option(
    help: ArgumentHelp(
      "Products and customers to load into an empty database: a products JSON file, {\"products\",\"users\"}, or a directory of FakeStore answers (default: the demo catalog).",
      valueName: "file"
    )
  )
  var catalog: String?

  @Option(
    name: .customLong("public-url"),
    help: ArgumentHelp(
      "Where clients reach this server; the catalog's pictures are pointed there (default: the --listen address, or paths relative to the server when it listens on every address or port 0).",
      valueName: "url"
    )
  )
  var publicURL: String?

  @Option(help: ArgumentHelp("Faults to inject, such as latency=200ms,error-rate=0.1 (see above).", valueName: "spec"))
  var fault: String?

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp("Ask for the token in this file (Authorization: Bearer) on the customers' routes: /carts and /users.", valueName: "file")
  )
  var tokenFile: String?

  @Option(
    name: .customLong("admin-token-file"),
    help: ArgumentHelp(
      "Open the back office's routes (/admin/…: orders, stock, the audit) to the token in this file; without it they are closed.",
      valueName: "file"
    )
  )
  var adminTokenFile: String?

  @Option(
    name: .customLong("front-door-token-file"),
    help: ArgumentHelp(
      "The token onlinestore serve --admin-keys holds (its --admin-token-file): it opens the back office too, and alone may name the operator a change is made for (X-Operator). Needs --admin-token-file.",
      valueName: "file"
    )
  )
  var frontDoorTokenFile: String?

  @Flag(
    name: .customLong("benchmark-route"),
    help: "Also answer GET /_bench/hello with a fixed text: the framework's own ceiling, for Benchmarks/api-server.sh."
  )
  var benchmarkRoute = false

  @Option(
    name: .customLong("shipping"), parsing: .unconditional,
    help: ArgumentHelp("What shipping costs, in dollars: standard, express and the amount from which standard is free.", valueName: "standard,express,free-from")
  )
  var shipping = "5,15,100"

  @Option(name: .customLong("max-connections"), parsing: .unconditional, help: ArgumentHelp("Connections at once (lowered to fit the open-file limit).", valueName: "n"))
  var maxConnections = APILimits().maximumConnections

  @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection that sends no request for this long.", valueName: "seconds"))
  var idleTimeout = Int(APILimits().idleTimeout.components.seconds)

  @Option(name: .customLong("header-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection whose request head takes longer.", valueName: "seconds"))
  var headerTimeout = Int(APILimits().headerTimeout.components.seconds)

  @Option(name: .customLong("body-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection whose request body takes longer.", valueName: "seconds"))
  var bodyTimeout = Int(APILimits().bodyTimeout.components.seconds)

  @Option(
    name: .customLong("min-body-rate"), parsing: .unconditional,
    help: ArgumentHelp("Close a connection whose request body arrives slower than this, after its first 2 seconds.", valueName: "bytes/s")
  )
  var minBodyRate = APILimits().minimumBodyBytesPerSecond

  @Option(
    name: .customLong("max-connections-per-address"), parsing: .unconditional,
    help: ArgumentHelp("Connections one client address (an IPv6 client's /64) may hold at once; a serve host holds about one per session.", valueName: "n")
  )
  var maxConnectionsPerAddress = APILimits().maximumConnectionsPerAddress

  @Flag(name: .customLong("exempt-loopback"), help: "Do not count connections from this machine against --max-connections-per-address (a serve on the same machine).")
  var exemptLoopback = false

  @Option(name: .customLong("write-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection whose answer is not read out within this long.", valueName: "seconds"))
  var writeTimeout = Int(APILimits().writeTimeout.components.seconds)

  @Option(name: .customLong("max-pipelined"), parsing: .unconditional, help: ArgumentHelp("Requests one connection may send ahead of their answers.", valueName: "n"))
  var maxPipelined = APILimits().maximumPipelinedRequests

  @Option(name: .customLong("orders-per-minute"), parsing: .unconditional, help: ArgumentHelp("New orders one customer may place in a minute.", valueName: "n"))
  var ordersPerMinute = APILimits().ordersPerCustomerPerMinute

  @Option(name: .customLong("max-page"), parsing: .unconditional, help: ArgumentHelp("The most orders one list answer holds (?limit=); 50 without a limit.", valueName: "n"))
  var maxPage = APILimits().maximumPage

  @Option(
    name: .customLong("max-cart-watchers"), parsing: .unconditional,
    help: ArgumentHelp(
      "Requests that may wait at once for an open cart to change (GET /shop/carts/<n>/updates): one per store session of every host pointed here.",
      valueName: "n"
    )
  )
  var maxCartWatchers = APILimits().maximumCartWatchers

  @Option(
    name: .customLong("max-cart-watchers-per-customer"), parsing: .unconditional,
    help: ArgumentHelp("Of those, requests that may wait at once for one customer's cart (their windows on any hosts).", valueName: "n")
  )
  var maxCartWatchersPerCustomer = APILimits().maximumCartWatchersPerCustomer

  @Option(
    name: .customLong("max-stock-watchers"), parsing: .unconditional,
    help: ArgumentHelp(
      "Requests that may wait at once for the stock to change (GET /shop/stock?after=): one per serve host and per store run on its own.",
      valueName: "n"
    )
  )
  var maxStockWatchers = APILimits().maximumStockWatchers

  @Option(
    name: .customLong("new-keys-per-hour"), parsing: .unconditional,
    help: ArgumentHelp("New SSH keys that may get a customer number from one address in an hour.", valueName: "n")
  )
  var newKeysPerHour = APILimits().newKeysPerOriginPerHour

  func validate() throws {
    _ = try address()
    let counts: [(String, Int, ClosedRange<Int>)] = [
      ("--max-connections", maxConnections, 1...1_000_000), ("--idle-timeout", idleTimeout, 1...3_600),
      ("--header-timeout", headerTimeout, 1...600), ("--body-timeout", bodyTimeout, 1...3_600), ("--min-body-rate", minBodyRate, 0...10_000_000),
      ("--max-connections-per-address", maxConnectionsPerAddress, 1...1_000_000),
      ("--write-timeout", writeTimeout, 1...3_600), ("--max-pipelined", maxPipelined, 1...1_000), ("--orders-per-minute", ordersPerMinute, 1...10_000_000),
      ("--max-page", maxPage, 1...1_000_000), ("--max-cart-watchers", maxCartWatchers, 1...1_000_000),
      ("--max-cart-watchers-per-customer", maxCartWatchersPerCustomer, 1...1_000_000), ("--max-stock-watchers", maxStockWatchers, 1...1_000_000),
      ("--new-keys-per-hour", newKeysPerHour, 1...1_000_000),
    ]
    for (flag, value, range) in counts where !range.contains(value) {
      throw ValidationError("\(flag) needs a number from \(range.lowerBound) to \(range.upperBound) (got \(value)).")
    }
    if let tokenFile { _ = try Self.token(in: tokenFile) }
    if let adminTokenFile { _ = try Self.token(in: adminTokenFile, flag: "--admin-token-file") }
    if let tokenFile, let adminTokenFile, try Self.token(in: tokenFile) == Self.token(in: adminTokenFile, flag: "--admin-token-file") {
      throw ValidationError("--admin-token-file holds the same token as --token-file: the back office needs a token of its own.")
    }
    if let frontDoorTokenFile {
      guard let adminTokenFile else { throw ValidationError("--front-door-token-file goes with --admin-token-file: it opens the same back office.") }
      let frontDoor = try Self.token(in: frontDoorTokenFile, flag: "--front-door-token-file")
      if try frontDoor == Self.token(in: adminTokenFile, flag: "--admin-token-file") {
        throw ValidationError("--front-door-token-file holds the same token as --admin-token-file: only the front door's may name an operator, so it needs its own.")
      }
      if let tokenFile, try frontDoor == Self.token(in: tokenFile) {
        throw ValidationError("--front-door-token-file holds the same token as --token-file: the back office needs a token of its own.")
      }
    }
    _ = try shippingRules()
    do {
      _ = try databaseLocation()
      _ = try faults()
    } catch {
      throw ValidationError("\(error)")
    }
  }

  /// `--shipping 5,15,100`: three amounts of dollars, each at most $10,000.
  func shippingRules() throws -> ShippingRules {
    let amounts = shipping.split(separator: ",", omittingEmptySubsequences: false).map {
      Decimal(string: $0.trimmingCharacters(in: .whitespaces)).flatMap { $0 <= 10_000 ? Money(dollars: $0) : nil }
    }
    guard amounts.count == 3, let standard = amounts[0], let express = amounts[1], let freeFrom = amounts[2] else {
      throw ValidationError("--shipping needs three amounts of dollars up to 10000, standard,express,free-from, such as 5,15,100 (got '\(shipping)').")
    }
    return ShippingRules(standardFee: standard, expressFee: express, freeStandardFrom: freeFrom)
  }

  func run() async throws {
    // The database holds orders, open carts, key fingerprints and the catalog's passwords:
    // whatever this server creates is its user's alone.
    umask(0o077)
    LargeAllocations.returnToTheSystemWhenFreed()
    logFormat.bootstrap()
    var logger = Logger(label: "onlinestore-api")
    logger.logLevel = .info
    var configuration = APIServer.Configuration()
    (configuration.host, configuration.port) = try address()
    if let metrics {
      configuration.metricsAddress = try Self.hostAndPort(metrics, option: "--metrics", example: "127.0.0.1:9464")
      configuration.metrics = APIMetrics()
    }
    configuration.database = try databaseLocation()
    if database == nil, case let .sqlite(path) = configuration.database {
      // The default place is the store's own directory, which an earlier version made 0755.
      try? PrivateFiles.ensureDirectory((path as NSString).deletingLastPathComponent, tighteningExisting: true)
    }
    configuration.faults = try faults()
    configuration.servesBenchmarkRoute = benchmarkRoute
    configuration.token = try tokenFile.map { try Self.token(in: $0) }
    configuration.adminToken = try adminTokenFile.map { try Self.token(in: $0, flag: "--admin-token-file") }
    configuration.frontDoorToken = try frontDoorTokenFile.map { try Self.token(in: $0, flag: "--front-door-token-file") }
    configuration.shipping = try shippingRules()
    var limits = APILimits()
    limits.maximumConnections = maxConnections
    limits.idleTimeout = .seconds(idleTimeout)
    limits.headerTimeout = .seconds(headerTimeout)
    limits.bodyTimeout = .seconds(bodyTimeout)
    limits.minimumBodyBytesPerSecond = minBodyRate
    limits.maximumConnectionsPerAddress = maxConnectionsPerAddress
    limits.exemptsLoopback = exemptLoopback
    limits.writeTimeout = .seconds(writeTimeout)
    limits.maximumPipelinedRequests = maxPipelined
    limits.ordersPerCustomerPerMinute = ordersPerMinute
    limits.maximumPage = maxPage
    limits.maximumCartWatchers = maxCartWatchers
    limits.maximumCartWatchersPerCustomer = maxCartWatchersPerCustomer
    limits.maximumStockWatchers = maxStockWatchers
    limits.newKeysPerOriginPerHour = newKeysPerHour
    limits.defaultPage = min(limits.defaultPage, maxPage)
    configuration.limits = limits.fitting(descriptors: DescriptorLimit.raise())
    do {
      configuration.catalog = try catalog.map(StoreCatalog.load(from:))
    } catch {
      throw ValidationError("--catalog: \(error)")
    }
    if let catalog, let products = configuration.catalog?.products {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: catalog, isDirectory: &isDirectory)
      let url = URL(fileURLWithPath: catalog)
      var problems: [String] = []
      configuration.pictures = CatalogPictures.load(for: products, from: isDirectory.boolValue ? url : url.deletingLastPathComponent(), problems: &problems)
      for problem in problems { logger.warning("picture: \(problem)") }
    }
    configuration.publicBase = try publicBase(host: configuration.host, port: configuration.port)
    let place = configuration.database.description
    do {
      try await APIServer(configuration: configuration, logger: logger).run(handlingSignals: true) { host, port in
        FileHandle.standardOutput.write(Data("onlinestore-api: listening on \(host):\(port) (database: \(place))\n".utf8))
      }
    } catch {
      FileHandle.standardError.write(Data("onlinestore-api: \(error)\n".utf8))
      throw ExitCode(1)
    }
  }

  private func address() throws -> (String, Int) {
    try Self.hostAndPort(listen, option: "--listen", example: "127.0.0.1:8080")
  }

  static func hostAndPort(_ text: String, option: String, example: String) throws -> (String, Int) {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (0...65_535).contains(port)
    else {
      throw ValidationError("\(option) needs HOST:PORT, such as \(example) (got '\(text)').")
    }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw ValidationError("\(option) needs a host before the port (got '\(text)').") }
    return (host, port)
  }

  /// `--public-url`, checked; or `http://HOST:PORT` of `--listen` when that is one address and a
  /// fixed port.
  private func publicBase(host: String, port: Int) throws -> String? {
    if let publicURL {
      guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
        throw ValidationError("--public-url needs an http or https address, such as https://shop.example (got '\(publicURL)').")
      }
      return publicURL
    }
    guard port != 0, !["0.0.0.0", "::", "*"].contains(host) else { return nil }
    return host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
  }

  private func databaseLocation() throws -> DatabaseLocation {
    try database.map(DatabaseLocation.init(parsing:)) ?? .defaultSQLite()
  }

  private static func token(in path: String, flag: String = "--token-file") throws -> String {
    do {
      return try APIToken.read(from: path)
    } catch {
      throw ValidationError("\(flag): \(error).")
    }
  }

  private func faults() throws -> FaultPlan {
    try fault.map(FaultPlan.init(parsing:)) ?? FaultPlan()
  }
}

extension LogFormat: ExpressibleByArgument {}
