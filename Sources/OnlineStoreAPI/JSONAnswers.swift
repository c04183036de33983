import Foundation
import Hummingbird
import NIOHTTP1
import StoreModels

/// Every answer of the server is JSON: data in FakeStore's shapes, or `{"error": "…"}`.
enum JSONAnswer {
  static func ok(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    body(try StoreJSON.encoder.encode(value), status: status)
  }

  static func error(_ message: String, status: HTTPResponse.Status) -> Response {
    let data = (try? StoreJSON.encoder.encode(["error": message])) ?? Data(#"{"error":"unknown"}"#.utf8)
    return body(data, status: status)
  }

  static func body(_ data: Data, status: HTTPResponse.Status) -> Response {
    Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
    )
  }
}

/// A request the server refuses, with the status and the one line that says why.
struct APIFailure: Error, HTTPResponseError {
  let status: HTTPResponse.Status
  let message: String

  init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    JSONAnswer.error(message, status: status)
  }
}

/// Turns whatever a route throws into a JSON error: the framework's own errors (no such route,
/// a body over the limit) keep their status; anything unexpected is a 500 whose details go to
/// the log, not to the client.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let failure as APIFailure {
      return JSONAnswer.error(failure.message, status: failure.status)
    } catch let error as any HTTPResponseError {
      let message =
        switch error.status {
        case .notFound: "no such route: \(request.method) \(request.uri.path)"
        case .contentTooLarge: "the body is larger than \(RouteLimits.maximumBodyBytes / 1024) KiB"
        case .methodNotAllowed: "\(request.method) is not allowed on \(request.uri.path)"
        default: error.status.reasonPhrase
        }
      return JSONAnswer.error(message, status: error.status)
    } catch let error as HTTPParserError {
      // A body that breaks HTTP itself (a bad chunk size, a connection cut inside a chunk): the
      // client's fault, said in JSON, and the connection is not used again.
      var answer = JSONAnswer.error("the request body is not valid HTTP: \(error)", status: .badRequest)
      answer.headers[.connection] = "close"
      context.logger.notice("\(request.method) \(request.uri.path) refused: the body is not valid HTTP (\(error))")
      return answer
    } catch is CancellationError {
      // The server is stopping under a request that waits (for a cart's update, say).
      return JSONAnswer.error("the store is stopping; try again", status: .serviceUnavailable)
    } catch {
      context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
      return JSONAnswer.error("the store could not answer; try again", status: .internalServerError)
    }
  }
}

enum RouteLimits {
  /// The largest request body the server reads.
  static let maximumBodyBytes = 64 * 1024
}
