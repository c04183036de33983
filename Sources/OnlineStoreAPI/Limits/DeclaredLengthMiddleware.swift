import Hummingbird

/// Refuses a request whose `Content-Length` is over ``RouteLimits/maximumBodyBytes`` before a
/// byte of its body is read. A client that sent `Expect: 100-continue` is waiting for exactly
/// this answer; without it the route would start reading and the client would either send
/// megabytes to be cut off or, waiting, be closed by the body deadline with nothing said.
struct DeclaredLengthMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    if let declared = request.headers[.contentLength], let length = Int(declared), length > RouteLimits.maximumBodyBytes {
      var answer = JSONAnswer.error(
        "the body is larger than \(RouteLimits.maximumBodyBytes / 1024) KiB", status: .contentTooLarge
      )
      // The unread body is not waited for on this connection.
      answer.headers[.connection] = "close"
      return answer
    }
    return try await next(request, context)
  }
}
