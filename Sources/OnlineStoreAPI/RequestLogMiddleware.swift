import Hummingbird
import Logging

/// One line per request, once it is answered: method, path, status and how long it took —
/// `GET /products 200 3 ms` — at `info`, the level `onlinestore-api` logs at. A request whose
/// handler failed is logged with the status its error carries (500 for any other error).
///
/// The path is logged without its query and cut at 200 characters: what an operator needs to
/// see what the server is doing, not a copy of what clients send.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  static var longestPath: Int { 200 }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let started = ContinuousClock.now
    do {
      let response = try await next(request, context)
      log(request, status: response.status.code, since: started, to: context.logger)
      return response
    } catch {
      let status = (error as? any HTTPResponseError)?.status.code ?? 500
      log(request, status: status, since: started, to: context.logger)
      throw error
    }
  }

  private func log(_ request: Request, status: Int, since started: ContinuousClock.Instant, to logger: Logger) {
    let elapsed = ContinuousClock.now - started
    let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    logger.info("\(request.method) \(Self.shown(request.uri.path)) \(status) \(milliseconds) ms")
  }

  /// The path as logged: at most ``longestPath`` characters, anything but visible ASCII shown
  /// as `?` (a path is percent-encoded on the wire; this is only a guard).
  static func shown(_ path: String) -> String {
    var shown = String(path.unicodeScalars.prefix(longestPath).map { (0x21...0x7E).contains($0.value) ? Character($0) : "?" })
    if path.unicodeScalars.count > longestPath { shown += "…" }
    return shown
  }
}
