import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import StoreTestSupport
import Testing

/// An operator's Prometheus — Debian's, a real scraper — reads `onlinestore-api --metrics`:
/// after orders and requests, the series it stores say what was done, as its HTTP API answers.
@Suite(.serialized)
struct PrometheusScrapeTests {
  @Test func prometheusSeesTheOrdersAndRequestsMade() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let metricsPort = try Deployment.freePort()
    let api = try await APIServerProcess.start(
      database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path, arguments: ["--metrics", "127.0.0.1:\(metricsPort)"]
    )
    let prometheusPort = try Deployment.freePort()
    let configuration = workspace.appendingPathComponent("prometheus.yml")
    try """
      global:
        scrape_interval: 1s
      scrape_configs:
        - job_name: onlinestore-api
          static_configs:
            - targets: ["127.0.0.1:\(metricsPort)"]
      """.write(to: configuration, atomically: true, encoding: .utf8)
    let prometheus = Process()
    prometheus.executableURL = URL(fileURLWithPath: "/usr/bin/prometheus")
    prometheus.arguments = [
      "--config.file=\(configuration.path)", "--storage.tsdb.path=\(workspace.appendingPathComponent("tsdb").path)",
      "--web.listen-address=127.0.0.1:\(prometheusPort)",
    ]
    prometheus.standardOutput = FileHandle.nullDevice
    prometheus.standardError = try FileHandle(forWritingTo: {
      let log = workspace.appendingPathComponent("prometheus.log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      return log
    }())
    try prometheus.run()
    defer { prometheus.terminate() }

    for _ in 0..<3 { #expect(try await Self.send("GET", api.baseURL.appendingPathComponent("products")).0 == 200) }
    let order = #"{"userId":1,"products":[{"productId":2,"quantity":2}]}"#
    for number in 0..<7 {
      let (status, _) = try await Self.send("POST", api.baseURL.appendingPathComponent("carts"), body: order, key: "order-\(number)")
      #expect(status == 200)
    }
    let prometheusURL = URL(string: "http://127.0.0.1:\(prometheusPort)")!
    // Scraped each second: the values are in within a few scrapes of the last order.
    var placed: Double?, listed: Double?, taken: Double?
    let seen = await DeploymentEndToEndTests.eventually(60) {
      placed = await Self.query(prometheusURL, "onlinestore_orders_placed_total")
      taken = await Self.query(prometheusURL, "onlinestore_stock_taken_total")
      listed = await Self.query(prometheusURL, #"http_server_request_duration_seconds_count{http_route="/products",http_response_status_code="200"}"#)
      return placed == 7 && taken == 14 && listed == 3
    }
    #expect(seen, "Prometheus has orders \(String(describing: placed)), units \(String(describing: taken)), listings \(String(describing: listed))")
    let up = await Self.query(prometheusURL, #"up{job="onlinestore-api"}"#)
    #expect(up == 1, "the target is up")
    await api.stop()
  }

  /// The value of the one series `expression` selects now, from Prometheus' HTTP API.
  static func query(_ prometheus: URL, _ expression: String) async -> Double? {
    var components = URLComponents(url: prometheus.appendingPathComponent("api/v1/query"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "query", value: expression)]
    guard let (status, body) = try? await send("GET", components.url!), status == 200,
      let answer = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let data = answer["data"] as? [String: Any],
      let result = data["result"] as? [[String: Any]], result.count == 1, let value = result[0]["value"] as? [Any], value.count == 2,
      let text = value[1] as? String
    else { return nil }
    return Double(text)
  }

  static func send(_ method: String, _ url: URL, body: String? = nil, key: String? = nil) async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 10
    if let body {
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }
}
