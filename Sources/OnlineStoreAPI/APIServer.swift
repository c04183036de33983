import Foundation
import ServiceLifecycle
import Hummingbird
import HummingbirdCore
import Logging
import StoreModels

/// The API server: a database, the catalog it holds, FakeStore's routes, and faults if asked.
public struct APIServer: Sendable {
  public struct Configuration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var database: DatabaseLocation = .defaultSQLite()
    /// Loaded into an empty database; the demo catalog when `nil`.
    public var catalog: StoreCatalog?
    public var faults = FaultPlan()
    public var limits = APILimits()
    /// When set, the routes of customers' accounts, orders, open carts, addresses and keys ask
    /// for it (``TokenMiddleware``).
    public var token: String?
    /// When set, the back office's routes (`/admin/…`: orders, stock, the audit) ask for it;
    /// without it they are closed to everyone.
    public var adminToken: String?
    /// The token a front door (`onlinestore serve --admin-keys`) holds: it opens the back office
    /// as the admin token does, and alone may name the operator a change is made for.
    public var frontDoorToken: String?
    /// The pictures served at `/img/<file>`; the demo catalog's when `nil`.
    public var pictures: CatalogPictures?
    /// Where clients reach this server (`http://shop.example:8080`): the catalog's pictures are
    /// pointed there. Without it they are `/img/<file>`, relative to the server.
    public var publicBase: String?
    /// What shipping costs here: orders are charged by it, `GET /shop/shipping` shows it.
    public var shipping = ShippingRules.standard
    /// Whether `GET /_bench/hello` answers a fixed text: the framework's own ceiling, measured
    /// beside the real routes by `Benchmarks/api-server.sh`. Off unless asked for.
    public var servesBenchmarkRoute = false
    /// The clock held requests wait on (a cart's or the stock's changes) and orders are
    /// counted against the rate by: a test's clock in a test, so that a 25 s wait is a step of
    /// that clock rather than 25 s.
    public var clock: ElapsedClock = .continuous
    /// The date an order without one is given and changes are written at: a test's in a test.
    public var now: @Sendable () -> Date = Date.init
    /// What the server measures: requests, orders. ``APIMetrics/none`` unless the operator asked
    /// for metrics.
    public var metrics: APIMetrics = .none
    /// Where `/metrics`, `/livez` and `/readyz` are served for the operator (``MetricsEndpoint``),
    /// when set: `--metrics 127.0.0.1:9464`.
    public var metricsAddress: (host: String, port: Int)?

    public init() {}
  }

  public let configuration: Configuration
  public let logger: Logger

  public init(configuration: Configuration, logger: Logger) {
    self.configuration = configuration
    self.logger = logger
  }

  /// Opens the store (``openStore()``: the database, the catalog loaded into it if it is empty,
  /// the router) and serves it until the task is cancelled or, with `handlingSignals`, SIGTERM
  /// or SIGINT arrives; requests under way are finished first. `onReady` gets the address
  /// actually listened on (the port chosen when 0 was asked for).
  public func run(handlingSignals: Bool = false, onReady: @escaping @Sendable (_ host: String, _ port: Int) -> Void) async throws {
    let store = try await openStore()
    do {
      let limits = configuration.limits
      let host = configuration.host
      let roster = ConnectionRoster(
        capacity: limits.maximumConnections, perAddress: limits.maximumConnectionsPerAddress, exemptsLoopback: limits.exemptsLoopback
      )
      let app = Application(
        router: store.router,
        server: HTTPServerBuilder { responder in DeadlineHTTP1Channel(responder: responder, limits: limits, roster: roster) },
        configuration: .init(
          address: .hostname(host, port: configuration.port), serverName: "onlinestore-api",
          // The roster makes room by closing idle and slow connections; when none can be
          // closed, connections past a small margin wait in the kernel's queue instead of
          // each taking a descriptor.
          availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections + 16)
        ),
        onServerRunning: { channel in onReady(host, channel.localAddress?.port ?? 0) },
        logger: logger
      )
      // Requests under way are answered first, for at most the grace; then the rest are
      // cancelled and their connections closed (the write deadline has usually closed a
      // connection that does not read long before).
      // The drain watch is last, so the group tells it first: `/readyz` says "draining" while
      // the requests under way are still being answered.
      var services: [any Service] = [app]
      if let (metricsHost, metricsPort) = configuration.metricsAddress {
        let endpoint = MetricsEndpoint(metrics: configuration.metrics, readiness: store.routes.readiness)
        services.append(endpoint.application(host: metricsHost, port: metricsPort, logger: logger))
      }
      services.append(DrainWatch(readiness: store.routes.readiness))
      var group = ServiceGroupConfiguration(services: services, logger: logger)
      group.maximumGracefulShutdownDuration = limits.shutdownGrace
      group.maximumCancellationDuration = .seconds(5)
      if handlingSignals {
        group.gracefulShutdownSignals = [.sigterm, .sigint]
        try await ServiceGroup(configuration: group).run()
      } else {
        // Cancelling this task stops the server gracefully, as SIGTERM does: no new connections,
        // requests under way answered (waiting clients at once) — rather than cancelling the
        // requests, which can leave a connection open until its deadline. The group runs in a
        // task of its own so that the cancellation reaches it only as that request.
        let services = ServiceGroup(configuration: group)
        let serving = Task { try await services.run() }
        try await withTaskCancellationHandler {
          try await serving.value
        } onCancel: {
          Task { await services.triggerGracefulShutdown() }
        }
      }
    } catch {
      await store.close()
      throw error
    }
    logger.info("stopping: requests under way were answered; closing the database")
    await store.close()
    logger.info("stopped")
  }

  /// The router ``run(handlingSignals:onReady:)`` serves — the middleware, the store's routes
  /// behind their tokens, the benchmark route when asked for — over `database`, which holds
  /// `catalog`. Only ``openStore()`` builds it: that is the one seam, which `run` serves on a
  /// socket and an in-process test drives with HummingbirdTesting. The bounds on slow and greedy
  /// clients live in the server's channel, not here, and their tests keep real sockets.
  func buildRouter(
    database: any StoreDatabase, catalog: StoreCatalog
  ) throws -> (router: Router<BasicRequestContext>, routes: StoreRoutes) {
    // HEAD is answered wherever GET is (its headers, no body), as HTTP asks of a server.
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLogMiddleware())
    if configuration.metrics.registry.isMeasuring {
      router.add(middleware: RequestMetricsMiddleware(metrics: configuration.metrics))
    }
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: DeclaredLengthMiddleware())
    router.add(middleware: PathSpellingMiddleware())
    if !configuration.faults.isEmpty {
      router.add(middleware: FaultMiddleware(plan: configuration.faults, clock: configuration.clock))
    }
    let routes = try StoreRoutes(
      catalog: catalog, database: database, limits: configuration.limits, pictures: configuration.pictures ?? .demo(),
      publicBase: configuration.publicBase, shipping: configuration.shipping, now: configuration.now,
      clock: configuration.clock, metrics: configuration.metrics
    )
    routes.add(to: router, token: configuration.token, adminToken: configuration.adminToken, frontDoorToken: configuration.frontDoorToken)
    // The framework's own ceiling, measured next to the real routes (Docs/Benchmarks.md, "The API server").
    if configuration.servesBenchmarkRoute {
      router.get("_bench/hello") { _, _ in "Hello, world!" }
    }
    return (router, routes)
  }

  func openDatabase() throws -> any StoreDatabase {
    switch configuration.database {
    case let .sqlite(path): try SQLiteStoreDatabase(path: path, pictureBounds: configuration.limits.storedPictures)
    case let .postgres(location): PostgresStoreDatabase(location, logger: logger, pictureBounds: configuration.limits.storedPictures)
    }
  }
}
