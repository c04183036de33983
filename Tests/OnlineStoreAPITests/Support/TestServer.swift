import Foundation
import HummingbirdTesting
import Logging
import OnlineStoreAPI
import StoreModels
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The API server running in this process on 127.0.0.1 and a port it chose, over a database of
/// its own, until ``stop()``.
final class TestServer: Sendable {
  let baseURL: URL
  let location: DatabaseLocation
  private let task: Task<Void, any Error>

  /// Starts a server over `location` (loading `catalog` if it is empty) with `faults`; the
  /// tests that send many orders for one customer raise its order rate. Its held requests wait
  /// on `clock`.
  init(
    location: DatabaseLocation, catalog: StoreCatalog? = nil, faults: FaultPlan = FaultPlan(), limits: APILimits = .testing,
    token: String? = nil, adminToken: String? = nil, benchmarkRoute: Bool = false, clock: ElapsedClock = .continuous
  ) async throws {
    var configuration = APIServer.Configuration.testing(
      location, catalog: catalog, faults: faults, limits: limits, token: token, adminToken: adminToken
    )
    configuration.port = 0
    configuration.clock = clock
    configuration.servesBenchmarkRoute = benchmarkRoute
    var logger = Logger(label: "test-api")
    logger.logLevel = .warning
    let server = APIServer(configuration: configuration, logger: logger)
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    task = Task {
      defer { continuation.finish() }
      try await server.run { _, port in continuation.yield(port) }
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
      try await task.value
      throw TestFailure("the server stopped before listening")
    }
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
    self.location = location
  }

  /// Stops serving, answering requests under way first.
  func stop() async {
    task.cancel()
    _ = try? await task.value
  }
}

extension APIServer.Configuration {
  /// A test's server over `location`, loading `catalog` if it is empty, with `faults`.
  static func testing(
    _ location: DatabaseLocation, catalog: StoreCatalog? = nil, faults: FaultPlan = FaultPlan(), limits: APILimits = .testing,
    token: String? = nil, adminToken: String? = nil
  ) -> Self {
    var configuration = Self()
    configuration.database = location
    configuration.catalog = catalog
    configuration.faults = faults
    configuration.limits = limits
    configuration.token = token
    configuration.adminToken = adminToken
    return configuration
  }
}

/// A small HTTP client for the tests: status, headers and body of each answer, from a server on
/// a socket or from one in this process (``InProcessAPI``).
struct HTTP: Sendable {
  let baseURL: URL
  /// The router's client, for a server in this process; `nil` for one on a socket.
  var router: (any TestClientProtocol)?
  var timeout: TimeInterval = 30
  /// Sent with every request (an `Authorization`, say).
  var headers: [String: String] = [:]

  struct Answer: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: body) }
    /// The `error` of a JSON error answer.
    var error: String? { (json as? [String: Any])?["error"] as? String }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      try StoreJSON.decoder.decode(type, from: body)
    }
  }

  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 64
    return URLSession(configuration: configuration)
  }()

  func get(_ path: String) async throws -> Answer {
    try await send(URLRequest(url: URL(string: baseURL.absoluteString + path)!))
  }

  func post(_ path: String, body: Data, headers: [String: String] = [:]) async throws -> Answer {
    var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await send(request)
  }

  /// `POST /carts` of `order`, with `key` as its Idempotency-Key.
  func order(_ order: OrderRequest, key: String? = nil) async throws -> Answer {
    try await post("/carts", body: StoreJSON.encoder.encode(order), headers: key.map { ["Idempotency-Key": $0] } ?? [:])
  }

  /// The customer number `POST /shop/key-customers` gives the key `SHA256:<name>`.
  func keyCustomer(_ name: String, origin: String = "192.0.2.1") async throws -> Int {
    let answer = try await post("/shop/key-customers", body: Data(#"{"fingerprint":"SHA256:\#(name)","origin":"\#(origin)"}"#.utf8))
    guard answer.status == 200, let number = (answer.json as? [String: Any])?["number"] as? Int else {
      throw TestFailure("no number for \(name): \(answer.status) \(answer.error ?? "")")
    }
    return number
  }

  func send(_ request: URLRequest) async throws -> Answer {
    var request = request
    request.timeoutInterval = timeout
    // A header the request names itself (another token, say) wins over the client's own.
    for (name, value) in headers where request.value(forHTTPHeaderField: name) == nil { request.setValue(value, forHTTPHeaderField: name) }
    if let router { return try await InProcessAPI.send(request, to: router, timeout: timeout) }
    let (body, response) = try await Self.session.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return Answer(status: http.statusCode, headers: headers, body: body)
  }
}

extension APILimits {
  /// The defaults, but for an order rate that the tests placing many orders stay under.
  static var testing: APILimits {
    var limits = APILimits()
    limits.ordersPerCustomerPerMinute = 100_000
    return limits
  }
}

extension OrderRequest {
  /// `quantity` of product `productId` for customer 1 on 21 November 2026.
  static func sample(_ productId: Int = 1, quantity: Int = 1, userId: Int = 1, minute: Int = 0) -> OrderRequest {
    OrderRequest(
      userId: userId, date: Date(timeIntervalSince1970: 1_795_260_000 + Double(minute) * 60),
      products: [Line(productId: productId, quantity: quantity)]
    )
  }
}
