import Foundation
@testable import OnlineStoreAPI
import Testing

/// What `--metrics` shows an operator: each request timed by its route's pattern, method and
/// status; orders placed, units taken and refusals by why; `/metrics` in Prometheus' format on
/// a router of its own, beside `/livez` and `/readyz`; and nothing measured without it.
struct MetricsTests {
  /// The value of the sample `name` whose labels include `labels`, in Prometheus' text format.
  static func sample(_ name: String, _ labels: [String: String] = [:], in text: String) -> Double? {
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      guard let space = line.lastIndex(of: " ") else { continue }
      let series = line[..<space]
      let seriesName = series.split(separator: "{", maxSplits: 1).first.map(String.init) ?? ""
      guard seriesName == name else { continue }
      guard labels.allSatisfy({ series.contains("\($0.key)=\"\($0.value)\"") }) else { continue }
      return Double(line[line.index(after: space)...])
    }
    return nil
  }

  /// Runs `body` against an in-process server measuring into a registry of its own; returns
  /// the metrics it made.
  static func measured(
    adminToken: String? = nil, _ body: @escaping @Sendable (HTTP, StoreRoutes, APIMetrics) async throws -> Void
  ) async throws -> APIMetrics {
    let (location, remove) = try await TestDatabase.sqlite.make()
    var configuration = APIServer.Configuration.testing(location, adminToken: adminToken)
    let metrics = APIMetrics()
    configuration.metrics = metrics
    do {
      try await InProcessAPI.with(configuration, adding: { _ in }) { http, routes async throws in try await body(http, routes, metrics) }
    } catch {
      await remove()
      throw error
    }
    await remove()
    return metrics
  }

  /// ``measured(_:)`` for a body that needs only the client.
  static func measured(_ body: @escaping @Sendable (HTTP, StoreRoutes) async throws -> Void) async throws -> APIMetrics {
    try await measured { http, routes, _ in try await body(http, routes) }
  }

  @Test func requestsAreTimedByRoutePatternMethodAndStatus() async throws {
    let metrics = try await Self.measured { http, _ async throws in
      for _ in 0..<3 { #expect(try await http.get("/products").status == 200) }
      for id in 1...4 { #expect(try await http.get("/products/\(id)").status == 200) }
      #expect(try await http.get("/products/999").status == 404)
      for number in 0..<5 { #expect(try await http.get("/no/such/route/\(number)").status == 404) }
    }
    let text = metrics.exposition()
    let count = "http_server_request_duration_seconds_count"
    #expect(Self.sample(count, ["http_route": "/products", "http_request_method": "GET", "http_response_status_code": "200"], in: text) == 3)
    let byID = text.split(separator: "\n").filter { $0.hasPrefix(count) && $0.contains("http_route=\"/products/") }
    #expect(byID.count == 2, "one series for the pattern's 200s and one for its 404, whatever the ids: \(byID)")
    #expect(!text.contains("/products/1\"") && !text.contains("/products/999"), "no id makes a series of its own")
    #expect(Self.sample(count, ["http_route": "unmatched", "http_response_status_code": "404"], in: text) == 5, "paths no route has are one series")
    #expect(Self.sample("http_server_active_requests", in: text) == 0, "every request ended")
  }

  @Test func ordersArePlacedOrRefusedByWhy() async throws {
    let metrics = try await Self.measured { http, _ async throws in
      let order = Data(#"{"userId":1,"products":[{"productId":2,"quantity":3},{"productId":4,"quantity":1}]}"#.utf8)
      #expect(try await http.post("/carts", body: order, headers: ["Idempotency-Key": "once"]).status == 200)
      #expect(try await http.post("/carts", body: order, headers: ["Idempotency-Key": "once"]).status == 200, "a replay is no new order")
      let other = Data(#"{"userId":1,"products":[{"productId":3,"quantity":1}]}"#.utf8)
      #expect(try await http.post("/carts", body: other, headers: ["Idempotency-Key": "once"]).status == 422)
      #expect(try await http.post("/carts", body: Data("not json".utf8)).status == 400)
      #expect(try await http.post("/carts", body: Data(#"{"userId":1,"products":[{"productId":999,"quantity":1}]}"#.utf8)).status == 400)
    }
    let text = metrics.exposition()
    #expect(Self.sample("onlinestore_orders_placed_total", in: text) == 1)
    #expect(Self.sample("onlinestore_stock_taken_total", in: text) == 4, "three of one product and one of another")
    #expect(Self.sample("onlinestore_orders_refused_total", ["reason": "key_reused"], in: text) == 1)
    #expect(Self.sample("onlinestore_orders_refused_total", ["reason": "invalid"], in: text) == 2)
    #expect(Self.sample("onlinestore_orders_refused_total", ["reason": "sold_out"], in: text) == 0)
  }

  /// A cancelled order's units are counted as given back, as its placing counted them taken.
  @Test func aCancelledOrdersUnitsAreGivenBack() async throws {
    let admin = "admin-metrics-0123456789abcdef0123"
    let metrics = try await Self.measured(adminToken: admin) { http, _, _ async throws in
      let placed = try await http.post("/carts", body: Data(#"{"userId":1,"products":[{"productId":2,"quantity":3}]}"#.utf8))
      #expect(placed.status == 200)
      let id = try #require((try JSONSerialization.jsonObject(with: placed.body) as? [String: Any])?["id"] as? Int)
      let cancel = Data(#"{"status":"cancelled","reason":"the customer asked"}"#.utf8)
      let bearer = ["Authorization": "Bearer \(admin)"]
      #expect(try await http.post("/admin/orders/\(id)/status", body: cancel, headers: bearer).status == 200)
      #expect(try await http.post("/admin/orders/\(id)/status", body: cancel, headers: bearer).status == 409, "cancelled once only")
    }
    let text = metrics.exposition()
    #expect(Self.sample("onlinestore_stock_taken_total", in: text) == 3)
    #expect(Self.sample("onlinestore_stock_given_back_total", in: text) == 3)
  }

  /// The sizes of what came and went, the database's time by operation, and the requests held
  /// for a change, read when scraped.
  @Test func bodiesTheDatabaseAndTheWaitingAreMeasured() async throws {
    let order = Data(#"{"userId":1,"products":[{"productId":2,"quantity":1}]}"#.utf8)
    let metrics = try await Self.measured { http, routes, metrics async throws in
      #expect(try await http.post("/carts", body: order).status == 200)
      let router = try #require(http.router)
      let waiting = Task(executorPreference: RouteThreads.shared) {
        try await router.executeRequest(uri: "/shop/carts/1/updates?after=0&wait=20", method: .get, headers: [:], body: nil)
      }
      await routes.openCarts.watchers.untilHolding(atLeast: 1)
      let held = metrics.exposition()
      #expect(Self.sample("onlinestore_long_polls_waiting", ["topic": "cart"], in: held) == 1, "one held, as the scrape found it")
      #expect(Self.sample("onlinestore_long_polls_waiting", ["topic": "stock"], in: held) == 0)
      waiting.cancel()
      _ = await waiting.result
      #expect(Self.sample("onlinestore_long_polls_waiting", ["topic": "cart"], in: metrics.exposition()) == 0, "and none once it went")
    }
    let text = metrics.exposition()
    let route = ["http_route": "/carts", "http_request_method": "POST"]
    #expect(Self.sample("http_server_request_body_size_bytes_count", route, in: text) == 1)
    #expect(Self.sample("http_server_request_body_size_bytes_sum", route, in: text) == Double(order.count))
    #expect((Self.sample("http_server_response_body_size_bytes_sum", route, in: text) ?? 0) > 10, "the order's answer")
    #expect(text.contains(#"http_server_request_body_size_bytes_bucket{"#) && text.contains(#"le="1024.0""#), "bytes, in byte buckets")
    let place = ["db_operation_name": "place", "db_system_name": "sqlite"]
    #expect(Self.sample("db_client_operation_duration_seconds_count", place, in: text) == 1, "the order's one write")
    #expect((Self.sample("db_client_operation_duration_seconds_count", ["db_operation_name": "openCart"], in: text) ?? 0) >= 1)
  }

  /// The operator's router: `/metrics` as Prometheus reads it, and health beside it.
  @Test func theMetricsRouterServesTheTextAndHealth() async throws {
    _ = try await Self.measured { http, routes, metrics async throws in
      _ = try await http.get("/products")
      let endpoint = MetricsEndpoint(metrics: metrics, readiness: routes.readiness)
      try await InProcessAPI.withRouter(endpoint.router()) { scraper in
        let scraped = try await scraper.get("/metrics")
        #expect(scraped.status == 200 && scraped.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = String(decoding: scraped.body, as: UTF8.self)
        #expect(text.contains("# TYPE http_server_request_duration_seconds histogram"))
        #expect(Self.sample("http_server_request_duration_seconds_count", ["http_route": "/products"], in: text) == 1)
        #expect(try await scraper.get("/livez").status == 200)
        #expect(try await scraper.get("/readyz").status == 200)
        routes.readiness.beginDraining()
        #expect(try await scraper.get("/readyz").status == 503, "a draining host says so on the operator's port too")
      }
    }
  }

  @Test func withoutMetricsNothingIsMeasured() async throws {
    #expect(APIMetrics.none.exposition().isEmpty)
    #expect(APIMetrics.prometheusName("http.server.request.duration") == "http_server_request_duration_seconds")
    #expect(APIMetrics.prometheusName("onlinestore.orders.placed") == "onlinestore_orders_placed_total")
    #expect(APIMetrics.prometheusName("http.route") == "http_route")
    #expect(APIMetrics.prometheusName("http.server.request.body.size") == "http_server_request_body_size_bytes")
  }
}
