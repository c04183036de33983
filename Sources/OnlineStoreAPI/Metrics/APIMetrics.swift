import CoreMetrics
import Observability
import Synchronization

/// What the API server measures, for an operator's Prometheus (`--metrics HOST:PORT`): its
/// requests and its orders, in a ``MetricsRegistry`` of its own (or nothing, ``none``).
///
/// Names follow the OpenTelemetry semantic conventions where one exists
/// (`http.server.request.duration`, `http.server.active_requests`, with `http.route`,
/// `http.request.method` and `http.response.status_code`); the store's own are `onlinestore.*`.
/// Prometheus sees them with underscores, durations in seconds and counters ending in `_total`
/// (``prometheusName(_:)``). `Docs/Operating.md` lists each with what to alert on.
public final class APIMetrics: Sendable {
  /// Why an order was not placed: a small, fixed set, so a label never grows.
  public enum OrderRefusal: String, Sendable, CaseIterable {
    /// Not an order this store can take (bad JSON, an unknown product or customer, …).
    case invalid
    /// A price, the total or the catalog changed since the shopper looked.
    case changed
    case soldOut = "sold_out"
    /// The customer orders faster than the rate allows.
    case rate
    /// An Idempotency-Key sent again with another order.
    case keyReused = "key_reused"
  }

  /// Measures nothing: a server without `--metrics`.
  public static let none = APIMetrics(registry: .none)

  /// Where the metrics are kept, for `/metrics`.
  public let registry: MetricsRegistry
  private var factory: any MetricsFactory { registry.factory }
  private let activeRequests: Meter
  private let ordersPlaced: CoreMetrics.Counter
  private let unitsTaken: CoreMetrics.Counter
  private let unitsGivenBack: CoreMetrics.Counter
  private let refusals: [OrderRefusal: CoreMetrics.Counter]
  /// One timer and two size recorders per route, method and status seen: routes are the
  /// router's patterns, so the set is bounded by the routes (and the few statuses each answers).
  private let requestMeasures = Mutex<[RequestKind: RequestMeasures]>([:])
  /// One timer per database operation: the database protocol's methods, a fixed set.
  private let databaseTimers = Mutex<[String: CoreMetrics.Timer]>([:])
  /// Gauges read when scraped (``sample(_:dimensions:_:)``), with what reads each.
  private let sampled = Mutex<[(meter: Meter, read: @Sendable () -> Int)]>([])

  private struct RequestMeasures {
    var duration: CoreMetrics.Timer
    var requestSize: Recorder
    var responseSize: Recorder
  }

  struct RequestKind: Hashable {
    var route: String
    var method: String
    var status: Int
  }

  /// Measures into a new Prometheus registry.
  public convenience init() {
    self.init(registry: MetricsRegistry(counters: Self.counters, byteHistograms: Self.byteHistograms))
  }

  init(registry: MetricsRegistry) {
    self.registry = registry
    let factory = registry.factory
    activeRequests = Meter(label: "http.server.active_requests", factory: factory)
    ordersPlaced = CoreMetrics.Counter(label: "onlinestore.orders.placed", factory: factory)
    unitsTaken = CoreMetrics.Counter(label: "onlinestore.stock.taken", factory: factory)
    unitsGivenBack = CoreMetrics.Counter(label: "onlinestore.stock.given_back", factory: factory)
    refusals = Dictionary(
      uniqueKeysWithValues: OrderRefusal.allCases.map {
        ($0, CoreMetrics.Counter(label: "onlinestore.orders.refused", dimensions: [("reason", $0.rawValue)], factory: factory))
      }
    )
  }

  /// The counters of this server: what Prometheus expects to end in `_total`.
  static let counters: Set<String> = [
    "onlinestore.orders.placed", "onlinestore.stock.taken", "onlinestore.stock.given_back", "onlinestore.orders.refused",
  ]

  /// The histograms of sizes in bytes (their buckets are bytes, not seconds).
  static let byteHistograms: Set<String> = ["http.server.request.body.size", "http.server.response.body.size"]

  /// `http.server.request.duration` → `http_server_request_duration_seconds`;
  /// `onlinestore.orders.placed` → `onlinestore_orders_placed_total`; a label's name
  /// (`http.route`) → `http_route`.
  static func prometheusName(_ name: String) -> String {
    PrometheusName.of(name, counters: counters)
  }

  // MARK: Requests

  func requestBegan() { activeRequests.increment() }

  /// A request ended: its duration, and the sizes of its body and its answer's (when known).
  func requestEnded(route: String, method: String, status: Int, after duration: Duration, requestBytes: Int? = nil, responseBytes: Int? = nil) {
    activeRequests.decrement()
    let kind = RequestKind(route: route, method: method, status: status)
    let measures = requestMeasures.withLock { all in
      if let measures = all[kind] { return measures }
      let dimensions = [("http.route", route), ("http.request.method", method), ("http.response.status_code", String(status))]
      let measures = RequestMeasures(
        duration: CoreMetrics.Timer(label: "http.server.request.duration", dimensions: dimensions, factory: factory),
        requestSize: Recorder(label: "http.server.request.body.size", dimensions: dimensions, aggregate: true, factory: factory),
        responseSize: Recorder(label: "http.server.response.body.size", dimensions: dimensions, aggregate: true, factory: factory)
      )
      all[kind] = measures
      return measures
    }
    measures.duration.record(duration)
    if let requestBytes { measures.requestSize.record(requestBytes) }
    if let responseBytes { measures.responseSize.record(responseBytes) }
  }

  // MARK: The database

  /// One operation of the database took `duration`.
  func databaseOperation(_ name: String, system: String, took duration: Duration) {
    let timer = databaseTimers.withLock { timers in
      if let timer = timers[name] { return timer }
      let timer = CoreMetrics.Timer(
        label: "db.client.operation.duration", dimensions: [("db.operation.name", name), ("db.system.name", system)], factory: factory
      )
      timers[name] = timer
      return timer
    }
    timer.record(duration)
  }

  // MARK: Gauges read when scraped

  /// A gauge whose value is `read()` at each scrape: what is cheap to read and would cost a
  /// write on a hot path to keep (the requests held for a change, say).
  func sample(_ label: String, dimensions: [(String, String)], _ read: @escaping @Sendable () -> Int) {
    guard registry.isMeasuring else { return }
    let meter = Meter(label: label, dimensions: dimensions, factory: factory)
    sampled.withLock { $0.append((meter, read)) }
  }

  // MARK: Orders

  /// A new order was stored, taking `units` from the stock.
  func orderPlaced(units: Int) {
    ordersPlaced.increment()
    unitsTaken.increment(by: units)
  }

  /// An order was cancelled: its `units` went back to the stock.
  func stockGivenBack(units: Int) {
    unitsGivenBack.increment(by: units)
  }

  func orderRefused(_ reason: OrderRefusal) {
    refusals[reason]?.increment()
  }

  /// The registry's text, as Prometheus scrapes it; empty for ``none``.
  public func exposition() -> String {
    for (meter, read) in sampled.withLock({ $0 }) { meter.set(read()) }
    return registry.exposition()
  }
}
