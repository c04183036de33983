import CoreMetrics
import Prometheus

/// Where one program's metrics are made and read back: a Prometheus registry that an operator's
/// `/metrics` writes out, or nothing at all (``none``). Made through its own factory, never
/// through swift-metrics' global system, so that every test (and every server in a test
/// process) has its own.
///
/// Names are given in the OpenTelemetry style (`http.server.request.duration`,
/// `onlinestore.orders.placed`); Prometheus sees them as ``PrometheusName`` writes them.
public final class MetricsRegistry: Sendable {
  /// Measures nothing.
  public static let none = MetricsRegistry(factory: NOOPMetricsHandler.instance, registry: nil)

  /// What the metrics are made through.
  public let factory: any MetricsFactory
  /// What `/metrics` writes out; `nil` for ``none``.
  public let registry: PrometheusCollectorRegistry?

  /// A new Prometheus registry, for a program whose counters are `counters` (their Prometheus
  /// names end in `_total`) and whose histograms of sizes are `byteHistograms` (named in
  /// `.size`, written in `_bytes`, with ``byteBuckets``).
  public convenience init(counters: Set<String>, byteHistograms: Set<String> = []) {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.nameAndLabelSanitizer = { label, dimensions in
      (PrometheusName.of(label, counters: counters), dimensions.map { (PrometheusName.of($0.0, counters: []), $0.1) })
    }
    for label in byteHistograms { factory.valueHistogramBuckets[PrometheusName.of(label, counters: counters)] = Self.byteBuckets }
    self.init(factory: factory, registry: registry)
  }

  /// The buckets of a histogram of sizes: 64 bytes to 16 MiB, by fours.
  public static let byteBuckets: [Double] = [64, 256, 1_024, 4_096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216]

  init(factory: any MetricsFactory, registry: PrometheusCollectorRegistry?) {
    self.factory = factory
    self.registry = registry
  }

  /// Whether anything is measured.
  public var isMeasuring: Bool { registry != nil }

  /// The registry's text, as Prometheus scrapes it; empty for ``none``.
  public func exposition() -> String {
    guard let registry else { return "" }
    var bytes: [UInt8] = []
    registry.emit(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The content type of ``exposition()``.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"
}

/// An OpenTelemetry name as Prometheus writes it.
public enum PrometheusName {
  /// `http.server.request.duration` → `http_server_request_duration_seconds`;
  /// `http.server.request.body.size` → `http_server_request_body_size_bytes`; a counter
  /// (`onlinestore.orders.placed`, in `counters`) → `onlinestore_orders_placed_total`; a label's
  /// name (`http.route`) → `http_route`.
  public static func of(_ name: String, counters: Set<String>) -> String {
    let underscored = name.replacingOccurrences(of: ".", with: "_")
    if name.hasSuffix(".duration") { return underscored + "_seconds" }
    if name.hasSuffix(".size") { return underscored + "_bytes" }
    if counters.contains(name) { return underscored + "_total" }
    return underscored
  }
}

extension CoreMetrics.Timer {
  /// Records `duration`, to the nanosecond.
  public func record(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
