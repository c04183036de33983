import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import StoreTestSupport
import Testing

/// `onlinestore-api --log-format json` as a log collector reads it: every line one object, a
/// request found by the id its caller sent, and no token in any line.
@Suite(.serialized)
struct APILogsEndToEndTests {
  static let token = "log-test-token-5f1c9a7e2b"

  @Test func everyLineIsJSONAndARequestIsFoundByItsID() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let tokenFile = try BackOfficeEndToEndTests.secret(Self.token, in: workspace, named: "api.token")
    let log = workspace.appendingPathComponent("api.log")
    let api = try await APIServerProcess.start(
      database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path,
      arguments: ["--log-format", "json", "--token-file", tokenFile.path], log: log
    )
    for (path, token, id) in [("products", nil, "shopper-7"), ("users/1", Self.token, "shopper-8"), ("users/1", "wrong-\(Self.token)", "shopper-9")] {
      var request = URLRequest(url: api.baseURL.appendingPathComponent(path))
      request.setValue(id, forHTTPHeaderField: "X-Request-Id")
      if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
      let (_, response) = try await URLSession.shared.data(for: request)
      #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-Id") == id)
    }
    await api.stop()
    let text = try String(contentsOf: log, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count >= 3)
    let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    #expect(objects.count == lines.count, "every line is one JSON object of strings: \(lines.prefix(3))")
    #expect(objects.allSatisfy { $0["time"] != nil && $0["level"] != nil && $0["message"] != nil })
    let found = objects.filter { $0["request_id"] == "shopper-7" }
    #expect(found.contains { $0["message"]?.hasPrefix("GET /products 200 ") == true && $0["status"] == "200" }, "\(found)")
    #expect(objects.contains { $0["request_id"] == "shopper-9" && $0["status"] == "401" }, "the refused request is found too")
    #expect(objects.allSatisfy { $0["hb.request.id"] == nil }, "one id per request: ours, not Hummingbird's beside it")
    #expect(!text.contains(Self.token), "no token in any line")
    // The server's own address is in its start-up lines; the client's (127.0.0.1 too, here) in
    // no request's line.
    #expect(objects.filter { $0["request_id"] != nil }.allSatisfy { !$0.values.joined().contains("127.0.0.1") }, "no client address")
  }
}
