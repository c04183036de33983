import Foundation
import Hummingbird
import Logging
import Observability
@testable import OnlineStoreAPI
import Synchronization
import Testing

/// `--log-format json`: one object per line, the fixed fields first, metadata as strings, and
/// nothing a client sends can break a line or an object.
struct JSONLogHandlerTests {
  @Test func aLineIsOneObjectWithTheFixedFieldsFirst() throws {
    let line = JSONLogHandler.line(
      time: Date(timeIntervalSince1970: 1_795_000_000.25), level: .info, label: "onlinestore-api", message: "GET /products 200 3 ms",
      metadata: ["request_id": "r-1", "status": "200", "time": "not the time"]
    )
    #expect(line.hasPrefix(#"{"time":"2026-11-18T"#))
    #expect(line.contains(#".250Z","level":"info","label":"onlinestore-api","message":"GET /products 200 3 ms","#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["request_id"] == "r-1" && object["status"] == "200")
    #expect(object["metadata.time"] == "not the time", "a field cannot be overwritten by metadata")
  }

  @Test func controlCharactersAndQuotesCannotEndALine() throws {
    let hostile = "a\"b\\c\nd\re\u{1B}[2Jf\u{7F}\u{85}\u{2028}g"
    let line = JSONLogHandler.line(time: Date(timeIntervalSince1970: 0), level: .warning, label: "x", message: hostile, metadata: ["path": "\(hostile)"])
    #expect(!line.contains("\n") && !line.contains("\r") && !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["message"] == hostile && object["path"] == hostile, "escaped, not lost")
  }

  @Test func aLoggerWritesThroughIt() throws {
    let lines = Mutex<[String]>([])
    var logger = Logger(label: "test") { label in JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } } }
    logger[metadataKey: "request_id"] = "abc"
    logger.debug("not written at info")
    logger.info("written", metadata: ["route": "/carts"])
    let written = lines.withLock { $0 }
    #expect(written.count == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: String])
    #expect(object["message"] == "written" && object["request_id"] == "abc" && object["route"] == "/carts" && object["level"] == "info")
  }
}

/// Each request's id: the caller's when sane, a new one otherwise, in the answer's header.
struct RequestIDTests {
  @Test func aSaneIDIsKeptAndAnyOtherReplaced() async throws {
    #expect(RequestLogMiddleware<BasicRequestContext>.requestID("session-42.7_a") == "session-42.7_a")
    for hostile in [nil, "", String(repeating: "a", count: 65), "a b", "a\nb", "é", "a\u{1B}[2J"] as [String?] {
      let made = RequestLogMiddleware<BasicRequestContext>.requestID(hostile)
      #expect(made.count == 16 && made.allSatisfy(\.isHexDigit), "\(String(describing: hostile)) → \(made)")
    }
    try await RouteTests.withServer(.sqlite) { http, _ async throws in
      var traced = http
      traced.headers["X-Request-Id"] = "front-door-7"
      #expect(try await traced.get("/products").headers["x-request-id"] == "front-door-7")
      let fresh = try await http.get("/products/1").headers["x-request-id"] ?? ""
      #expect(fresh.count == 16, "a new id when none was sent: \(fresh)")
    }
  }
}
