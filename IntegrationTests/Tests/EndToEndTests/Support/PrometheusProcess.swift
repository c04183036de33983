import Foundation
import StoreTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Debian's Prometheus, a real scraper, reading one target every second on a port of its own,
/// until ``stop()``.
struct PrometheusProcess {
  let url: URL
  private let process: Process

  /// Starts Prometheus in `workspace`, scraping `127.0.0.1:target` as `job`.
  static func start(in workspace: URL, job: String, target: Int) throws -> PrometheusProcess {
    let port = try Deployment.freePort()
    let configuration = workspace.appendingPathComponent("prometheus-\(job).yml")
    try """
      global:
        scrape_interval: 1s
      scrape_configs:
        - job_name: \(job)
          static_configs:
            - targets: ["127.0.0.1:\(target)"]
      """.write(to: configuration, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/prometheus")
    process.arguments = [
      "--config.file=\(configuration.path)", "--storage.tsdb.path=\(workspace.appendingPathComponent("tsdb-\(job)").path)",
      "--web.listen-address=127.0.0.1:\(port)",
    ]
    process.standardOutput = FileHandle.nullDevice
    let log = workspace.appendingPathComponent("prometheus-\(job).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    return PrometheusProcess(url: URL(string: "http://127.0.0.1:\(port)")!, process: process)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }

  /// The value of the one series `expression` selects now, from Prometheus' HTTP API.
  func query(_ expression: String) async -> Double? {
    var components = URLComponents(url: url.appendingPathComponent("api/v1/query"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "query", value: expression)]
    guard let (status, body) = try? await PrometheusScrapeTests.send("GET", components.url!), status == 200,
      let answer = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let data = answer["data"] as? [String: Any],
      let result = data["result"] as? [[String: Any]], result.count == 1, let value = result[0]["value"] as? [Any], value.count == 2,
      let text = value[1] as? String
    else { return nil }
    return Double(text)
  }
}
