import Foundation
import Synchronization

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
/// must: an overall deadline, a cap on the size of the answer (checked while it streams in, not
/// after it has filled memory), and a status check — a 404 or 503 is a failure, not data.
final class HTTPTransport: Sendable {
  private let session: URLSession
  private let bodies: BodyCollector
  let timeout: Duration
  let maxResponseBytes: Int

  init(timeout: Duration, maxResponseBytes: Int) {
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    let bodies = BodyCollector()
    self.bodies = bodies
    self.session = URLSession(configuration: configuration, delegate: bodies, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// The body of the answer to `request`, or why there is none.
  func body(for request: URLRequest) async throws(APIError) -> Data {
    try await answer(for: request).body
  }

  /// The answer to `request` — 2xx, or 304 when the request is conditional — or why there is none.
  func answer(for request: URLRequest) async throws(APIError) -> HTTPAnswer {
    var timedRequest = request
    timedRequest.timeoutInterval = TimeInterval(timeout.components.seconds) + 1
    let request = timedRequest
    let timeout = self.timeout
    do {
      return try await withThrowingTaskGroup(of: HTTPAnswer.self) { group in
        group.addTask { try await self.load(request) }
        group.addTask {
          try await Task.sleep(for: timeout)
          throw APIError.timedOut(seconds: Int(timeout.components.seconds))
        }
        defer { group.cancelAll() }
        return try await group.next()!
      }
    } catch let error as APIError {
      throw error
    } catch is CancellationError {
      throw .other("Cancelled")
    } catch {
      throw .other(error.localizedDescription)
    }
  }

  private func load(_ request: URLRequest) async throws -> HTTPAnswer {
    let task = session.dataTask(with: request)
    let limit = maxResponseBytes
    let timeout = self.timeout
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        bodies.expect(task.taskIdentifier, limit: limit, timeout: timeout, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
      // The wait ends now, not when URLSession gets round to reporting the cancellation: a
      // deadline is kept however busy its delegate queue is.
      bodies.abandon(task.taskIdentifier)
    }
  }
}

/// Collects each task's body as it arrives and finishes its continuation exactly once.
///
/// URLSession calls a delegate from its own queue; all state here is behind one lock, which is
/// why the class can be shared (`@unchecked` only because `NSObject` is not `Sendable`).
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Pending {
    var body = Data()
    var response: HTTPURLResponse?
    let limit: Int
    let timeout: Duration
    let continuation: CheckedContinuation<HTTPAnswer, any Error>
  }

  private let pending = Mutex<[Int: Pending]>([:])

  func expect(
    _ task: Int, limit: Int, timeout: Duration, continuation: CheckedContinuation<HTTPAnswer, any Error>
  ) {
    pending.withLock {
      $0[task] = Pending(limit: limit, timeout: timeout, continuation: continuation)
    }
  }

  /// Ends a task's wait as cancelled (its request was given up), if it is still waiting.
  func abandon(_ task: Int) {
    finish(task, with: .failure(CancellationError()))
  }

  /// Ends a task's wait with `result`, once; later calls for the same task do nothing.
  private func finish(_ task: Int, with result: Result<HTTPAnswer, any Error>) {
    let continuation = pending.withLock { $0.removeValue(forKey: task)?.continuation }
    continuation?.resume(with: result)
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    guard let http = response as? HTTPURLResponse else {
      finish(id, with: .failure(APIError.other("The store did not answer over HTTP")))
      completionHandler(.cancel)
      return
    }
    // A 304 answers a conditional request (a cached picture's `If-None-Match`); to any other
    // it is a status like the rest.
    let isConditional = dataTask.originalRequest?.value(forHTTPHeaderField: "If-None-Match") != nil
    guard (200..<300).contains(http.statusCode) || (http.statusCode == 304 && isConditional) else {
      finish(id, with: .failure(APIError.httpStatus(http.statusCode)))
      completionHandler(.cancel)
      return
    }
    let limit = pending.withLock { $0[id]?.limit } ?? .max
    if response.expectedContentLength > Int64(limit) {
      finish(id, with: .failure(APIError.tooLarge(limitBytes: limit)))
      completionHandler(.cancel)
      return
    }
    pending.withLock { $0[id]?.response = http }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let overLimit: Int? = pending.withLock { pending in
      guard var entry = pending[id] else { return nil }
      entry.body.append(data)
      if entry.body.count > entry.limit { return entry.limit }
      pending[id] = entry
      return nil
    }
    if let limit = overLimit {
      finish(id, with: .failure(APIError.tooLarge(limitBytes: limit)))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let id = task.taskIdentifier
    guard let error else {
      let answer = pending.withLock { pending in
        pending[id].map { entry in
          HTTPAnswer(
            status: entry.response?.statusCode ?? 200, body: entry.body,
            entityTag: entry.response?.value(forHTTPHeaderField: "ETag"),
            cacheControl: entry.response?.value(forHTTPHeaderField: "Cache-Control")
          )
        }
      }
      finish(id, with: .success(answer ?? HTTPAnswer(status: 200, body: Data())))
      return
    }
    let timeout = pending.withLock { $0[id]?.timeout } ?? .zero
    finish(id, with: .failure(Self.apiError(for: error, timeout: timeout)))
  }

  private static func apiError(for error: any Error, timeout: Duration) -> any Error {
    guard let error = error as? URLError else { return APIError.other(error.localizedDescription) }
    switch error.code {
    case .cancelled:
      return CancellationError()
    case .timedOut:
      return APIError.timedOut(seconds: Int(timeout.components.seconds))
    case .cannotConnectToHost:
      return APIError.unreachable("the connection was refused")
    case .cannotFindHost, .dnsLookupFailed:
      return APIError.unreachable("the host name was not found")
    case .notConnectedToInternet:
      return APIError.unreachable("this machine is not connected to a network")
    case .networkConnectionLost:
      return APIError.connectionLost
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return APIError.unreachable("a secure connection could not be made")
    case .badServerResponse, .cannotParseResponse:
      return APIError.malformed("not a valid HTTP answer")
    default:
      return APIError.other(error.localizedDescription)
    }
  }
}
