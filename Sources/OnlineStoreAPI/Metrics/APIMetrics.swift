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
  private let refusals: [OrderRefusal: CoreMetrics.Counter]
  /// One timer per route, method and status seen: routes are the router's patterns, so the set
  /// is bounded by the routes (and the few statuses each answers).
  private let durations = Mutex<[RequestKind: CoreMetrics.Timer]>([:])

  struct RequestKind: Hashable {
    var route: String
    var method: String
    var status: Int
  }

  /// Measures into a new Prometheus registry.
  public convenience init() {
    self.init(registry: MetricsRegistry(counters: Self.counters))
  }

  init(registry: MetricsRegistry) {
    self.registry = registry
    let factory = registry.factory
    activeRequests = Meter(label: "http.server.active_requests", factory: factory)
    ordersPlaced = CoreMetrics.Counter(label: "onlinestore.orders.placed", factory: factory)
    unitsTaken = CoreMetrics.Counter(label: "onlinestore.stock.taken", factory: factory)
    refusals = Dictionary(
      uniqueKeysWithValues: OrderRefusal.allCases.map {
        ($0, CoreMetrics.Counter(label: "onlinestore.orders.refused", dimensions: [("reason", $0.rawValue)], factory: factory))
      }
    )
  }

  /// The counters of this server: what Prometheus expects to end in `_total`.
  static let counters: Set<String> = ["onlinestore.orders.placed", "onlinestore.stock.taken", "onlinestore.orders.refused"]

  /// `http.server.request.duration` → `http_server_request_duration_seconds`;
  /// `onlinestore.orders.placed` → `onlinestore_orders_placed_total`; a label's name
  /// (`http.route`) → `http_route`.
  static func prometheusName(_ name: String) -> String {
    PrometheusName.of(name, counters: counters)
  }

  // MARK: Requests

  func requestBegan() { activeRequests.increment() }

  func requestEnded(route: String, method: String, status: Int, after duration: Duration) {
    activeRequests.decrement()
    let kind = RequestKind(route: route, method: method, status: status)
    let timer = durations.withLock { timers in
      if let timer = timers[kind] { return timer }
      let timer = CoreMetrics.Timer(
        label: "http.server.request.duration",
        dimensions: [("http.route", route), ("http.request.method", method), ("http.response.status_code", String(status))],
        factory: factory
      )
      timers[kind] = timer
      return timer
    }
    timer.record(duration)
  }

  // MARK: Orders

  /// A new order was stored, taking `units` from the stock.
  func orderPlaced(units: Int) {
    ordersPlaced.increment()
    unitsTaken.increment(by: units)
  }

  func orderRefused(_ reason: OrderRefusal) {
    refusals[reason]?.increment()
  }

  /// The registry's text, as Prometheus scrapes it; empty for ``none``.
  public func exposition() -> String { registry.exposition() }
}
