import FlyingFox
import Foundation
import Shop
import StoreModels
import StoreTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each request a session's store sends its server carries the session's id and its number.
struct RequestIDsTests {
  @Test func idsAreTheSessionsAndANumberAndOnlySaneSessionsAreTaken() {
    let ids = RequestIDs(session: "5f0c1e2a9b3d4c6e")
    #expect(ids?.next() == "5f0c1e2a9b3d4c6e.1")
    #expect(ids?.next() == "5f0c1e2a9b3d4c6e.2")
    for hostile in ["", String(repeating: "a", count: 41), "a.b", "a b", "a\r\nX-Evil: 1", "é", "a/b"] {
      #expect(RequestIDs(session: hostile) == nil, "\(hostile.debugDescription)")
    }
    #expect(RequestIDs(session: String(repeating: "a", count: 40)) != nil)
    let made = SessionVariable.newID()
    #expect(made.count == 16 && made.allSatisfy(\.isHexDigit) && RequestIDs(session: made) != nil)
    #expect(SessionVariable.newID() != made)
  }

  /// Through libcurl to a server on 127.0.0.1: each request its own number; a request that
  /// names its id keeps it.
  @Test func theTransportSendsEachRequestItsID() async throws {
    let seen = Mutex<[String]>([])
    let server = try await StubStoreServer([
      "GET /products": { request in
        seen.withLock { $0.append(request.headers[HTTPHeader("X-Request-Id")] ?? "none") }
        return .json("[]")
      }
    ])
    defer { Task { await server.stop() } }
    let transport = HTTPTransport(timeout: .seconds(10), maxResponseBytes: 1_024, requestIDs: RequestIDs(session: "abc"))
    let url = server.baseURL.appendingPathComponent("products")
    _ = try await transport.statusAndBody(for: URLRequest(url: url))
    _ = try await transport.statusAndBody(for: URLRequest(url: url))
    var named = URLRequest(url: url)
    named.setValue("mine", forHTTPHeaderField: "X-Request-Id")
    _ = try await transport.statusAndBody(for: named)
    _ = try await HTTPTransport(timeout: .seconds(10), maxResponseBytes: 1_024, requestIDs: nil).statusAndBody(for: URLRequest(url: url))
    #expect(seen.withLock { $0 } == ["abc.1", "abc.2", "mine", "none"])
  }
}
