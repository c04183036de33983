import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP server on 127.0.0.1 and a free port, answering as each test tells it to.
///
/// The live client is tested against it over a real socket: no URLSession mocking.
public final class StubStoreServer: Sendable {
  private let server: HTTPServer
  private let task: Task<Void, any Error>
  public let baseURL: URL

  /// Starts a server with `routes`, e.g. `["GET /products": { _ in .json(data) }]`.
  public init(_ routes: [String: @Sendable (HTTPRequest) async throws -> HTTPResponse]) async throws {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0),
      timeout: 30,
      logger: .disabled
    )
    for (route, handler) in routes {
      await server.appendRoute(HTTPRoute(stringLiteral: route), handler: handler)
    }
    self.server = server
    self.task = Task { try await server.run() }
    // A machine busy with every other test may take more than FlyingFox's default 5 s.
    try await server.waitUntilListening(timeout: 30)
    guard case let .ip4(_, port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  public func stop() async {
    await server.stop()
    task.cancel()
  }
}

extension HTTPResponse {
  /// A 200 answer with a JSON body.
  public static func json(_ body: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: body)
  }

  /// A 200 answer with a JSON body given as text.
  public static func json(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    .json(Data(text.utf8), status: status)
  }
}

/// A port on 127.0.0.1 that nothing listens on: bound, then closed again.
public func closedLocalPort() throws -> UInt16 {
  let socket = try Socket(domain: AF_INET, type: .stream)
  try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
  guard case let .ip4(_, port) = try socket.sockname() else { throw URLError(.unknown) }
  try socket.close()
  return port
}
