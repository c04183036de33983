import Hummingbird

/// Times every request from its head to its answer being made (the store's answers are made
/// whole before they are written; a held request's wait is inside), by the route that took it
/// (the router's pattern, `/products/{id}`, so that ids make no new series; `unmatched` for a
/// path no route has), its method (`_OTHER` for one HTTP does not define, as OpenTelemetry
/// says: a client cannot make series by inventing methods) and the status it got — an error's
/// status when it threw. The sizes of the request's body (as its `Content-Length` says; a body
/// sent in chunks is not counted) and of the answer's (when the answer says it) go beside.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  let metrics: APIMetrics
  static var knownMethods: Set<String> { ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"] }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let began = ContinuousClock.now
    let method = Self.knownMethods.contains(request.method.rawValue) ? request.method.rawValue : "_OTHER"
    metrics.requestBegan()
    let requestBytes = request.headers[.contentLength].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    do {
      let response = try await next(request, context)
      metrics.requestEnded(
        route: Self.route(context), method: method, status: response.status.code, after: began.duration(to: .now), requestBytes: requestBytes,
        responseBytes: response.body.contentLength
      )
      return response
    } catch {
      let status = (error as? any HTTPResponseError)?.status.code ?? 500
      metrics.requestEnded(route: Self.route(context), method: method, status: status, after: began.duration(to: .now), requestBytes: requestBytes)
      throw error
    }
  }

  /// The router's pattern for the route that took the request; `unmatched` when none did (the
  /// router then names no pattern, or a word of its own rather than a path).
  static func route(_ context: Context) -> String {
    guard let path = context.endpointPath, path.hasPrefix("/") else { return "unmatched" }
    return path
  }
}
