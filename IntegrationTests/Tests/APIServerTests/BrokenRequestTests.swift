import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// Requests a hostile or broken client writes by hand, on a real socket: each gets a clear
/// answer at once and stores nothing. (Found by attacking 1.6 with only its README: a bad chunk
/// was a 500 in the log, and a body announced as 10 GB with `Expect: 100-continue` got nothing
/// until a deadline closed the connection.)
@Suite(.serialized)
struct BrokenRequestTests {
  @Test func aBadChunkIsABadRequestInJSON() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, limits: HardeningTests.deadlineLimits()) { http, _ in
      let client = try #require(RawConnection(port: http.baseURL.port!))
      defer { client.close() }
      client.send("POST /carts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
      let answer = await Blocking.run { client.textUntilClosed(seconds: 10) }
      #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(200))")
      #expect(answer.contains(#""error":"the request body is not valid HTTP: "#), "\(answer)")
      #expect(try await http.get("/carts").decode([StoredOrder].self).isEmpty)
    }
  }

  @Test func aBodyTooLargeToReadIsRefusedBeforeItIsSent() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, limits: HardeningTests.deadlineLimits()) { http, _ in
      let client = try #require(RawConnection(port: http.baseURL.port!))
      defer { client.close() }
      // The client waits for "100 Continue" and sends no body: only an answer to the head can come.
      client.send(
        "POST /carts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\nExpect: 100-continue\r\n\r\n"
      )
      let answer = await Blocking.run { client.textUntilClosed(seconds: 10) }
      #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer.prefix(200))")
      #expect(answer.contains(#"{"error":"the body is larger than 64 KiB"}"#), "\(answer)")
    }
  }

  /// A head the parser cannot read never reaches a route: the framework answers a bare 400 and
  /// closes, which Docs/API.md says. (Kept here so that a change in the framework is seen.)
  @Test func aHeadThatIsNotHTTPIsABare400() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, limits: HardeningTests.deadlineLimits()) { http, _ in
      let client = try #require(RawConnection(port: http.baseURL.port!))
      defer { client.close() }
      client.send("NOT HTTP AT ALL\r\n\r\n")
      let answer = await Blocking.run { client.textUntilClosed(seconds: 10) }
      #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(200))")
      #expect(try await http.get("/products").status == 200, "the server still answers")
    }
  }
}
