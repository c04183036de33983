import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import OnlineStoreAPI
import StoreModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server's router in this process, driven through HummingbirdTesting with no socket in
/// between: what a route test needs when it checks routes, their answers and their protection.
/// The same configuration, database, catalog and background work as ``TestServer``; only the
/// bounds that live in the server's channel (slow clients, deadlines, connection counts) need a
/// socket, and their tests keep ``TestServer``.
enum InProcessServer {
  /// Runs `body` against a fresh router over a fresh database of `kind`, with the requests of
  /// its ``HTTP`` going straight to the router; `body` also gets the routes, to reach past them.
  static func run(
    _ kind: TestDatabase, catalog: StoreCatalog? = nil, faults: FaultPlan = FaultPlan(), limits: APILimits = .testing,
    token: String? = nil, adminToken: String? = nil, _ body: @Sendable (HTTP, StoreRoutes) async throws -> Void
  ) async throws {
    let (location, remove) = try await kind.make()
    var configuration = APIServer.Configuration()
    configuration.database = location
    configuration.faults = faults
    configuration.limits = limits
    configuration.token = token
    configuration.adminToken = adminToken
    var logger = Logger(label: "test-api")
    logger.logLevel = .warning
    let server = APIServer(configuration: configuration, logger: logger)
    let database = try server.openDatabase()
    var following: [Task<Void, Never>] = []
    do {
      let prepared = try await database.prepare(loading: catalog ?? StoreCatalog.demo())
      let (router, routes) = try server.buildRouter(database: database, catalog: prepared)
      following = server.followOtherInstances(database: database, routes: routes)
      try await Application(router: router, logger: logger).test(.router) { client in
        try await body(HTTP(inProcess: client), routes)
      }
    } catch {
      await APIServer.stop(following, closing: database)
      await remove()
      throw error
    }
    await APIServer.stop(following, closing: database)
    await remove()
  }
}

extension HTTP {
  /// A client whose requests go to `router` in this process rather than over a socket.
  init(inProcess router: any TestClientProtocol) {
    self.init(baseURL: URL(string: "http://in-process")!)
    self.router = router
  }

  /// `request` handed to the router in process: its path and query as the test wrote them, its
  /// method, headers and body.
  func sendInProcess(_ request: URLRequest, to router: any TestClientProtocol) async throws -> Answer {
    guard let url = request.url?.absoluteString, url.hasPrefix(baseURL.absoluteString) else {
      throw TestFailure("not a request to the in-process server: \(request)")
    }
    let uri = String(url.dropFirst(baseURL.absoluteString.count))
    guard let method = HTTPRequest.Method(request.httpMethod ?? "GET") else { throw TestFailure("no such method: \(request)") }
    var fields = HTTPFields()
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      guard let name = HTTPField.Name(name) else { throw TestFailure("not a header name: \(name)") }
      fields.append(HTTPField(name: name, value: value))
    }
    let response = try await router.executeRequest(uri: uri, method: method, headers: fields, body: request.httpBody.map { ByteBuffer(bytes: $0) })
    var headers: [String: String] = [:]
    for field in response.headers {
      let name = field.name.canonicalName
      headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
    }
    return Answer(status: response.status.code, headers: headers, body: Data(buffer: response.body))
  }
}
