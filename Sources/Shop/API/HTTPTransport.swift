import CHTTPClient
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An answer with a 2xx status, or a 304 to a conditional request, and the headers a cache needs.
struct HTTPAnswer: Sendable {
  var status: Int
  var body: Data
  /// `ETag`, as the server wrote it.
  var entityTag: String?
  /// `Cache-Control`, as the server wrote it.
  var cacheControl: String?

  var isNotModified: Bool { status == 304 }
}

/// Sends one HTTP request and returns the body of a 2xx answer, enforcing what a careful client
/// must: an overall deadline, a cap on the size of the answer (the transfer stops the moment an
/// answer would pass it), a status check — a 404 or 503 is a failure, not data — and, for a
/// store on a server, connections only to public addresses (``PictureHostPolicy``), checked on
/// the very address connected to, at every redirect.
///
/// Each request runs libcurl (``CHTTPClient``) on a thread of its own, so that nothing waits on
/// the cooperative threads; cancelling the task ends the wait at once and the transfer soon
/// after. Redirects of a `GET` are followed here, hop by hop, at most ``maximumRedirects``.
///
/// Public for the back office's client, which talks to the same store with the same care.
public final class HTTPTransport: Sendable {
  let timeout: Duration
  let maxResponseBytes: Int
  let hosts: PictureHostPolicy
  /// Where each request's `X-Request-Id` comes from, unless it names one itself; `nil` sends
  /// none.
  let requestIDs: RequestIDs?

  /// The most redirects one request follows.
  static let maximumRedirects = 5

  /// A transport to any host whose requests carry ids from `requestIDs` — by default the
  /// session's, when the front door gave this process one.
  public convenience init(timeout: Duration, maxResponseBytes: Int, requestIDs: RequestIDs? = .ofThisProcess) {
    self.init(timeout: timeout, maxResponseBytes: maxResponseBytes, hosts: .any, requestIDs: requestIDs)
  }

  init(timeout: Duration, maxResponseBytes: Int, hosts: PictureHostPolicy, requestIDs: RequestIDs? = .ofThisProcess) {
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
    self.hosts = hosts
    self.requestIDs = requestIDs
  }

  /// The body of the answer to `request`, or why there is none.
  func body(for request: URLRequest) async throws(APIError) -> Data {
    try await answer(for: request).body
  }

  /// The status and body of the answer to `request`, whatever the status — for a client that
  /// reads a refusal's reason itself — or why there is none.
  public func statusAndBody(for request: URLRequest) async throws(APIError) -> (status: Int, body: Data) {
    let answer = try await answer(for: request, acceptingAnyStatus: true)
    return (answer.status, answer.body)
  }

  /// The answer to `request` — 2xx, or 304 when the request is conditional — or why there is none.
  func answer(for request: URLRequest, acceptingAnyStatus: Bool = false) async throws(APIError) -> HTTPAnswer {
    guard var url = request.url else { throw .other("The request has no address") }
    let method = request.httpMethod ?? "GET"
    var fields = request.allHTTPHeaderFields ?? [:]
    if let requestIDs, request.value(forHTTPHeaderField: "X-Request-Id") == nil { fields["X-Request-Id"] = requestIDs.next() }
    let headers = fields.sorted { $0.key < $1.key }.map { name, value in
      // A value is one line: nothing a caller passes may add a header of its own.
      "\(name): \(value.filter { $0 != "\r" && $0 != "\n" })"
    }
    let deadline = ContinuousClock.now + timeout
    for _ in 0...Self.maximumRedirects {
      guard url.user == nil, url.password == nil else {
        throw .other("The address \(url.host ?? "") holds a user name or password, which is never sent")
      }
      let left = deadline - .now
      guard left > .zero else { throw .timedOut(seconds: Int(timeout.components.seconds)) }
      let hop = Hop(
        url: url.absoluteString, method: method, headers: headers, body: request.httpBody ?? Data(), maximumBytes: maxResponseBytes,
        timeoutMilliseconds: max(1, Int(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)),
        publicOnly: hosts.requiresPublicAddress(for: url)
      )
      let result = try await Self.perform(hop, timeout: timeout)
      if (300..<400).contains(result.status), result.status != 304, method == "GET", let location = result.location {
        guard let next = URL(string: location, relativeTo: url)?.absoluteURL, ["http", "https"].contains(next.scheme?.lowercased() ?? "")
        else { throw .other("The server redirected to an address that is not http or https") }
        url = next
        continue
      }
      let isConditional = request.value(forHTTPHeaderField: "If-None-Match") != nil
      guard (200..<300).contains(result.status) || (result.status == 304 && isConditional) || acceptingAnyStatus else {
        if result.status == 409, let reason = Self.reason(in: result.body) { throw .changed(reason) }
        throw .httpStatus(result.status)
      }
      return HTTPAnswer(status: result.status, body: result.body, entityTag: result.entityTag, cacheControl: result.cacheControl)
    }
    throw .other("The server redirected more than \(Self.maximumRedirects) times")
  }

  /// The one line an error answer's `{"error": "…"}` gives, if it gives one a screen can show:
  /// visible text, at most 200 characters.
  public static func reason(in body: Data) -> String? {
    struct Refusal: Decodable { var error: String }
    guard body.count <= 4_096, let refusal = try? JSONDecoder().decode(Refusal.self, from: body) else { return nil }
    let visible = refusal.error.unicodeScalars.filter { scalar in
      scalar == " " || !(scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory))
    }
    let text = String(String.UnicodeScalarView(visible))
    return text.isEmpty ? nil : String(text.prefix(200))
  }

  /// One request to one address.
  struct Hop: Sendable {
    var url: String
    var method: String
    var headers: [String]
    var body: Data
    var maximumBytes: Int
    var timeoutMilliseconds: Int
    var publicOnly: Bool
  }

  struct HopResult: Sendable {
    var status: Int
    var body: Data
    var entityTag: String?
    var cacheControl: String?
    var location: String?
  }

  /// Runs `hop` on a thread of its own; a cancellation ends the wait at once and tells libcurl
  /// to stop.
  private static func perform(_ hop: Hop, timeout: Duration) async throws(APIError) -> HopResult {
    let exchange = Exchange()
    let result: Result<HopResult, APIError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard exchange.wait(with: continuation) else { return }
        Thread.detachNewThread {
          exchange.finish(with: run(hop, timeout: timeout, cancelled: exchange.flag))
        }
      }
    } onCancel: {
      exchange.cancel()
    }
    return try result.get()
  }

  /// libcurl, blocking, on the calling thread.
  private static func run(_ hop: Hop, timeout: Duration, cancelled: UnsafePointer<Int32>) -> Result<HopResult, APIError> {
    var response = hc_response()
    defer { hc_response_free(&response) }
    let cHeaders = hop.headers.map { strdup($0) }
    defer { cHeaders.forEach { free($0) } }
    let outcome = hop.url.withCString { url in
      hop.method.withCString { method in
        cHeaders.map { UnsafePointer($0) }.withUnsafeBufferPointer { headers in
          hop.body.withUnsafeBytes { body in
            var request = hc_request(
              url: url, method: method, headers: headers.baseAddress, header_count: headers.count,
              body: body.bindMemory(to: UInt8.self).baseAddress, body_size: body.count, maximum_bytes: hop.maximumBytes,
              timeout_ms: hop.timeoutMilliseconds, public_only: hop.publicOnly ? 1 : 0, cancelled: cancelled
            )
            return hc_perform(&request, &response)
          }
        }
      }
    }
    let message = withUnsafeBytes(of: response.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let seconds = Int(timeout.components.seconds)
    switch outcome {
    case HC_OK:
      return .success(
        HopResult(
          status: response.status, body: response.body.map { Data(bytes: $0, count: response.body_size) } ?? Data(),
          entityTag: response.entity_tag.map { String(cString: $0) }, cacheControl: response.cache_control.map { String(cString: $0) },
          location: response.location.map { String(cString: $0) }
        )
      )
    case HC_TIMED_OUT: return .failure(.timedOut(seconds: seconds))
    case HC_REFUSED: return .failure(.unreachable("the connection was refused"))
    case HC_HOST_NOT_FOUND: return .failure(.unreachable("the host name was not found"))
    case HC_CONNECTION_LOST: return .failure(.connectionLost)
    case HC_TOO_LARGE: return .failure(.tooLarge(limitBytes: hop.maximumBytes))
    case HC_CANCELLED: return .failure(.other("Cancelled"))
    case HC_TLS_FAILED: return .failure(.unreachable("a secure connection could not be made"))
    case HC_NOT_HTTP: return .failure(.malformed("not a valid HTTP answer"))
    case HC_ADDRESS_REFUSED: return .failure(.other("not connected: \(message), which a store on a server does not reach"))
    default: return .failure(.other(message.isEmpty ? "The request failed" : message))
    }
  }

  /// One exchange's meeting point: the thread's result or the cancellation, whichever comes
  /// first, resumes the waiting task — once.
  private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HopResult, APIError>, Never>?
    private var cancelled = false
    private let storage: UnsafeMutablePointer<Int32>

    init() {
      storage = .allocate(capacity: 1)
      storage.initialize(to: 0)
    }

    deinit { storage.deallocate() }

    /// The flag libcurl reads; it lives as long as this exchange, which the thread holds.
    var flag: UnsafePointer<Int32> { UnsafePointer(storage) }

    /// Keeps `continuation`; `false` (and it is resumed as cancelled) when the task was
    /// cancelled already.
    func wait(with continuation: CheckedContinuation<Result<HopResult, APIError>, Never>) -> Bool {
      let proceed = lock.withLock {
        guard !cancelled else { return false }
        self.continuation = continuation
        return true
      }
      if !proceed { continuation.resume(returning: .failure(.other("Cancelled"))) }
      return proceed
    }

    func finish(with result: Result<HopResult, APIError>) {
      lock.withLock { () -> CheckedContinuation<Result<HopResult, APIError>, Never>? in
        defer { continuation = nil }
        return continuation
      }?.resume(returning: result)
    }

    func cancel() {
      let waiting = lock.withLock { () -> CheckedContinuation<Result<HopResult, APIError>, Never>? in
        cancelled = true
        storage.pointee = 1
        defer { continuation = nil }
        return continuation
      }
      waiting?.resume(returning: .failure(.other("Cancelled")))
    }
  }
}
