import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import SSHTestSupport
import StoreTestSupport
import Testing

/// An operator's Prometheus — Debian's, a real scraper — reads `onlinestore-api --metrics`:
/// after orders and requests, the series it stores say what was done, as its HTTP API answers.
@Suite(.serialized)
struct PrometheusScrapeTests {
  /// The API server runs as the unprivileged service user, as a deployment runs it.
  @Test func prometheusSeesTheOrdersAndRequestsMade() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    ServiceUser.handOver(workspace)
    let metricsPort = try Deployment.freePort()
    let api = try await APIServerProcess.start(
      database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path, arguments: ["--metrics", "127.0.0.1:\(metricsPort)"],
      asServiceUser: true
    )
    let prometheus = try PrometheusProcess.start(in: workspace, job: "onlinestore-api", target: metricsPort)
    defer { prometheus.stop() }

    for _ in 0..<3 { #expect(try await Self.send("GET", api.baseURL.appendingPathComponent("products")).0 == 200) }
    let order = #"{"userId":1,"products":[{"productId":2,"quantity":2}]}"#
    for number in 0..<7 {
      let (status, _) = try await Self.send("POST", api.baseURL.appendingPathComponent("carts"), body: order, key: "order-\(number)")
      #expect(status == 200)
    }
    // Scraped each second: the values are in within a few scrapes of the last order.
    var placed: Double?, listed: Double?, taken: Double?
    let seen = await DeploymentEndToEndTests.eventually(60) {
      placed = await prometheus.query("onlinestore_orders_placed_total")
      taken = await prometheus.query("onlinestore_stock_taken_total")
      listed = await prometheus.query(#"http_server_request_duration_seconds_count{http_route="/products",http_response_status_code="200"}"#)
      return placed == 7 && taken == 14 && listed == 3
    }
    #expect(seen, "Prometheus has orders \(String(describing: placed)), units \(String(describing: taken)), listings \(String(describing: listed))")
    let up = await prometheus.query(#"up{job="onlinestore-api"}"#)
    #expect(up == 1, "the target is up")
    await api.stop()
  }

  /// `onlinestore serve --metrics` (run as the service user, as ``ServeProcess`` runs it): the
  /// sessions Prometheus sees go up and down with a real shopper's, a client without a terminal
  /// is counted as refused, the store's own picture decodes and cart saves reach it through the
  /// front door, and `/readyz` turns at the first moment of the drain while the
  /// shopper still shops. Its log is JSON lines, as `--log-format json` asks.
  @Test func prometheusSeesServesSessionsAndReadinessTurnsAtTheDrain() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let metricsPort = try Deployment.freePort()
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--metrics", "127.0.0.1:\(metricsPort)", "--drain-timeout", "60", "--log-format", "json"]
    )
    let prometheus = try PrometheusProcess.start(in: workspace, job: "onlinestore-serve", target: metricsPort)
    defer { prometheus.stop() }
    let operatorPort = URL(string: "http://127.0.0.1:\(metricsPort)")!
    let ready = try await Self.send("GET", operatorPort.appendingPathComponent("readyz"))
    let readyText = String(decoding: ready.1, as: UTF8.self)
    #expect(ready.0 == 200 && readyText.contains(#""draining":false"#) && readyText.contains(#""starter":"running""#), "\(readyText)")

    let bare = try await SSHTestClient.connect(port: server.port)
    let refused = try await bare.openSession()
    _ = await refused.shell()
    #expect(await refused.exitStatus() == 1, "no terminal, no store")
    await bare.close()

    let shopper = try await SSHTestClient.connect(port: server.port)
    let session = try await shopper.openSession()
    #expect(await session.pty() == true)
    #expect(await session.shell() == true)
    #expect(await session.waitFor("Dot-grid"))
    // A selection move, its frame timed (the first key of a session is sampled).
    let before = session.output.utf8.count
    try await session.send("j")
    #expect(await DeploymentEndToEndTests.eventually(10) { session.output.utf8.count > before }, "the move's frame came")
    // The store's own measures, sent to the front door: a cart save, and the pictures of the
    // details it opens.
    try await session.send(" ")
    #expect(await session.waitFor("Cart: 1 item"), "the product was added")
    try await session.send("\r")
    var decodes: Double?, cartSaves: Double?
    let measured = await DeploymentEndToEndTests.eventually(60) {
      decodes = await prometheus.query("onlinestore_picture_decode_duration_seconds_count")
      cartSaves = await prometheus.query(#"onlinestore_cart_save_duration_seconds_count{outcome="saved"}"#)
      return (decodes ?? 0) >= 1 && (cartSaves ?? 0) >= 1
    }
    #expect(measured, "the store's picture decodes \(String(describing: decodes)) and cart saves \(String(describing: cartSaves))")
    var active: Double?
    let up = await DeploymentEndToEndTests.eventually(60) {
      active = await prometheus.query("onlinestore_ssh_sessions_active")
      return active == 1
    }
    #expect(up, "one session active, Prometheus says \(String(describing: active))")
    await shopper.close()
    var started: Double?, firstFrames: Double?, noTerminal: Double?, sent: Double?, keys: Double?, sessionSent: Double?
    let down = await DeploymentEndToEndTests.eventually(60) {
      active = await prometheus.query("onlinestore_ssh_sessions_active")
      started = await prometheus.query("onlinestore_ssh_sessions_started_total")
      firstFrames = await prometheus.query("onlinestore_ssh_first_frame_duration_seconds_count")
      noTerminal = await prometheus.query(#"onlinestore_ssh_refused_total{reason="no_pty"}"#)
      sent = await prometheus.query("onlinestore_ssh_sent_bytes_total")
      keys = await prometheus.query("onlinestore_ssh_key_to_frame_duration_seconds_count")
      sessionSent = await prometheus.query("onlinestore_ssh_session_sent_size_bytes_sum")
      return active == 0 && started == 1 && firstFrames == 1 && noTerminal == 1 && (sent ?? 0) > 1_000 && keys == 1 && sessionSent == sent
    }
    #expect(
      down,
      "active \(String(describing: active)), started \(String(describing: started)), first frames \(String(describing: firstFrames)), no pty \(String(describing: noTerminal)), bytes \(String(describing: sent)) (the session's \(String(describing: sessionSent))), keys timed \(String(describing: keys))"
    )

    let staying = try await SSHTestClient.connect(port: server.port)
    let shopping = try await staying.openSession()
    #expect(await shopping.pty() == true)
    #expect(await shopping.shell() == true)
    #expect(await shopping.waitFor("Dot-grid"), "a session to keep the drain going")
    kill(server.pid, SIGTERM)
    var readiness = 0
    let turned = await DeploymentEndToEndTests.eventually(10) {
      readiness = (try? await Self.send("GET", operatorPort.appendingPathComponent("readyz")).0) ?? 0
      return readiness == 503
    }
    #expect(turned, "/readyz answered \(readiness) during the drain")
    #expect(try await Self.send("GET", operatorPort.appendingPathComponent("livez")).0 == 200, "alive while it drains")
    #expect(await shopping.waitFor("This host is restarting in a moment"), "the shopper is still in the store, told of the restart")
    kill(server.pid, SIGTERM)
    await staying.close()
    #expect(await server.stop() == 0)
    let lines = server.logText.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    #expect(!lines.isEmpty && lines.allSatisfy { $0 != nil }, "every line one JSON object: \(server.logText.prefix(2_000))")
    let sessionLines = lines.compactMap { $0 }.filter { $0["message"] == "session started" }
    #expect(sessionLines.count == 2 && sessionLines.allSatisfy { $0["session"] != nil && $0["level"] == "info" }, "\(sessionLines)")
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
