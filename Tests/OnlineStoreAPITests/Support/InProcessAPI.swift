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
import Synchronization

/// The API in this process with no socket: the store opened as `onlinestore-api` opens it
/// (``APIServer/openStore()``), its router driven through HummingbirdTesting, and ``HTTP``'s
/// requests handed to it with their method, path and query as spelled, headers and body. (Not
/// what URLSession adds on its own — Accept, User-Agent, Host — and the router sees the authority
/// `localhost`; no route reads those. An error a route throws past `JSONErrorMiddleware` would
/// come back as a bare 500 here, where the server maps it to its status; that middleware, outside
/// every route (only the request log and the metrics are outside it), answers every error first.) The route suites run on it; the bounds on slow and
/// greedy clients live in the server's channel, so their tests (HardeningTests,
/// RouteProtectionTests) and the tests of several instances keep real sockets (``TestServer``).
enum InProcessAPI {
  /// Where an in-process ``HTTP`` pretends to send: only the path and query after it are used.
  static let base = URL(string: "http://in-process.invalid")!

  /// Runs `body` with a client of a store opened with `configuration`, and its routes (to wake
  /// waiting requests as another instance would). The test's work and the router's run on
  /// ``RouteThreads`` (the store's following of other instances, in tasks of its own, does not).
  /// `adding` may add routes of the test's own to the router.
  static func with(
    _ configuration: APIServer.Configuration, adding extraRoutes: (Router<BasicRequestContext>) -> Void = { _ in },
    _ body: @escaping @Sendable (HTTP, StoreRoutes) async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(RouteThreads.shared) {
      var logger = Logger(label: "test-api")
      logger.logLevel = .warning
      let store = try await APIServer(configuration: configuration, logger: logger).openStore()
      let routes = store.routes
      extraRoutes(store.router)
      do {
        try await Application(router: store.router, logger: logger).test(.router) { client in
          try await body(HTTP(baseURL: base, router: client), routes)
        }
      } catch {
        await store.close()
        throw error
      }
      await store.close()
    }
  }

  /// Runs `body` with a client of `router` alone (the operator's metrics router, say).
  static func withRouter(_ router: Router<BasicRequestContext>, _ body: @escaping @Sendable (HTTP) async throws -> Void) async throws {
    try await withTaskExecutorPreference(RouteThreads.shared) {
      try await Application(router: router, logger: Logger(label: "test-router")).test(.router) { client in
        try await body(HTTP(baseURL: base, router: client))
      }
    }
  }

  /// `request` handed to the router, its answer read as ``HTTP/Answer``. No answer within
  /// `timeout` seconds is `URLError(.timedOut)`, as over a socket — even from a route that
  /// never looks at its cancellation: the wait does not wait for the request to end.
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
    let headers = fields
    let answer = FirstAnswer()
    let sending = Task(executorPreference: RouteThreads.shared) {
      do {
        answer.give(.success(try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)))
      } catch {
        answer.give(.failure(error))
      }
    }
    let timer = Task(executorPreference: RouteThreads.shared) {
      try await Task.sleep(for: .seconds(timeout))
      answer.give(.failure(URLError(.timedOut)))
      sending.cancel()
    }
    defer { timer.cancel() }
    let response = try await withTaskCancellationHandler {
      try await answer.value()
    } onCancel: {
      sending.cancel()
    }
    var received: [String: String] = [:]
    for field in response.headers {
      let name = field.name.canonicalName
      received[name] = received[name].map { "\($0), \(field.value)" } ?? field.value
    }
    return HTTP.Answer(status: response.status.code, headers: received, body: Data(buffer: response.body))
  }

  /// The first of the request's answer and the timeout's, given once; whoever waits gets it.
  private final class FirstAnswer: Sendable {
    private let state = Mutex<(answer: Result<TestResponse, any Error>?, waiter: CheckedContinuation<TestResponse, any Error>?)>((nil, nil))

    func give(_ answer: Result<TestResponse, any Error>) {
      let waiter = state.withLock { state -> CheckedContinuation<TestResponse, any Error>? in
        guard state.answer == nil else { return nil }
        state.answer = answer
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(with: answer)
    }

    func value() async throws -> TestResponse {
      try await withCheckedThrowingContinuation { continuation in
        let answer = state.withLock { state -> Result<TestResponse, any Error>? in
          if state.answer == nil { state.waiter = continuation }
          return state.answer
        }
        if let answer { continuation.resume(with: answer) }
      }
    }
  }
}
