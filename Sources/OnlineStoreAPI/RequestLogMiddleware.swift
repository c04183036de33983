import HTTPTypes
import Hummingbird
import Logging

/// One line per request, once it is answered: method, path, status and how long it took —
/// `GET /products 200 3 ms` — at `info`, the level `onlinestore-api` logs at. A request whose
/// handler failed is logged with the status its error carries (500 for any other error).
///
/// The path is logged without its query and cut at 200 characters: what an operator needs to
/// see what the server is doing, not a copy of what clients send.
///
/// Every request has an id: the caller's `X-Request-Id` when it sends a sane one (1 to 64 of
/// `A–Z a–z 0–9 . _ -`: a front door's session id, say), else a new one. It is in the metadata of
/// every line logged for the request (`request_id`) and in the answer's `X-Request-Id`, so one
/// shopper's request can be found in the logs of each program it passed.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  static var longestPath: Int { 200 }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let started = ContinuousClock.now
    let id = Self.requestID(request.headers[.requestID])
    var context = context
    context.logger[metadataKey: "request_id"] = .string(id)
    // Hummingbird's own number for the request, in every line its logger writes: one id per
    // request is enough, and ours is the one the caller and the other programs know.
    context.logger[metadataKey: "hb.request.id"] = nil
    do {
      var response = try await next(request, context)
      response.headers[.requestID] = id
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
    logger.info(
      "\(request.method) \(Self.shown(request.uri.path)) \(status) \(milliseconds) ms",
      metadata: ["status": .stringConvertible(status), "duration_ms": .stringConvertible(milliseconds)]
    )
  }

  /// The caller's id when it is sane, else a new one of 16 hexadecimal digits.
  static func requestID(_ offered: String?) -> String {
    if let offered, (1...64).contains(offered.utf8.count),
      offered.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
    {
      return offered
    }
    return String(UInt64.random(in: 0 ... .max), radix: 16).leftPadded(to: 16)
  }

  /// The path as logged: at most ``longestPath`` characters, anything but visible ASCII shown
  /// as `?` (a path is percent-encoded on the wire; this is only a guard).
  static func shown(_ path: String) -> String {
    var shown = String(path.unicodeScalars.prefix(longestPath).map { (0x21...0x7E).contains($0.value) ? Character($0) : "?" })
    if path.unicodeScalars.count > longestPath { shown += "…" }
    return shown
  }
}

extension HTTPField.Name {
  /// One request's id across the programs it passes (``RequestLogMiddleware``).
  static let requestID = Self("X-Request-Id")!
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
