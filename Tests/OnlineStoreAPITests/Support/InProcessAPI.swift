import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OnlineStoreAPI
import StoreModels

/// The API in this process with no socket: the store opened as `onlinestore-api` opens it
/// (``APIServer/openStore()``), its router driven through HummingbirdTesting, and ``HTTP``'s
/// requests handed to it as they would be written on the wire. The route suites run on it; the
/// bounds on slow and greedy clients live in the server's channel, so their tests (HardeningTests,
/// RouteProtectionTests) and the tests of several instances keep real sockets (``TestServer``).
enum InProcessAPI {
  /// Where an in-process ``HTTP`` pretends to send: only the path and query after it are used.
  static let base = URL(string: "http://in-process.invalid")!

  /// Runs `body` with a client of a store opened with `configuration`, and its routes (to wake
  /// waiting requests as another instance would). Everything runs on ``RouteThreads``.
  static func with(
    _ configuration: APIServer.Configuration, _ body: @escaping @Sendable (HTTP, StoreRoutes) async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(RouteThreads.shared) {
      var logger = Logger(label: "test-api")
      logger.logLevel = .warning
      let store = try await APIServer(configuration: configuration, logger: logger).openStore()
      let routes = store.routes
      do {
        try await Application(router: store.router).test(.router) { client in
          try await body(HTTP(baseURL: base, router: client), routes)
        }
      } catch {
        await store.close()
        throw error
      }
      await store.close()
    }
  }

  /// `request` handed to the router, its answer read as ``HTTP/Answer``; no answer within
  /// `timeout` seconds is an error, as it is over a socket.
  static func send(_ request: URLRequest, to client: any TestClientProtocol, timeout: TimeInterval) async throws -> HTTP.Answer {
    guard let url = request.url?.absoluteString, url.hasPrefix(base.absoluteString),
      let method = HTTPRequest.Method(request.httpMethod ?? "GET")
    else { throw TestFailure("not a request for the store in process: \(request)") }
    let uri = String(url.dropFirst(base.absoluteString.count))
    var fields = HTTPFields()
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      guard let name = HTTPField.Name(name) else { throw TestFailure("not a header name: \(name)") }
      fields.append(HTTPField(name: name, value: value))
    }
    let body = request.httpBody.map { ByteBuffer(bytes: $0) }
    let requestHeaders = fields
    let response = try await withThrowingTaskGroup(of: TestResponse.self) { group in
      group.addTask { try await client.executeRequest(uri: uri, method: method, headers: requestHeaders, body: body) }
      group.addTask {
        try await Task.sleep(for: .seconds(timeout))
        throw URLError(.timedOut)
      }
      defer { group.cancelAll() }
      return try await group.next()!
    }
    var headers: [String: String] = [:]
    for field in response.headers {
      let name = field.name.canonicalName
      headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
    }
    return HTTP.Answer(status: response.status.code, headers: headers, body: Data(buffer: response.body))
  }
}
