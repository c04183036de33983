/// Why talking to the store failed, in terms a shopper can act on.
///
/// Every failure of every client ends up as one of these; ``message`` is what the screens show.
public enum APIError: Error, Hashable, Sendable {
  /// No complete answer within the time limit.
  case timedOut(seconds: Int)
  /// The server could not be reached at all: nothing was sent.
  case unreachable(String)
  /// The connection broke after the request may have been sent.
  case connectionLost
  /// The server answered with a status other than 2xx.
  case httpStatus(Int)
  /// The store refused because something changed since the shopper saw it (409), in its words:
  /// "the price of Mens Cotton Jacket changed to $59.99".
  case changed(String)
  /// The server answered 2xx with `null`: it has no such thing.
  case notFound(String)
  /// The answer was a web page (an error page, a captive portal) rather than data.
  case notJSON
  /// The answer was JSON, but not what the store's API promises.
  case malformed(String)
  /// The answer was larger than the client accepts.
  case tooLarge(limitBytes: Int)
  /// Anything else, described by the system.
  case other(String)

  /// One line for the screen.
  public var message: String {
    switch self {
    case let .timedOut(seconds): "The store did not answer within \(seconds) s"
    case let .unreachable(reason): "Could not reach the store: \(reason)"
    case .connectionLost: "The connection to the store was lost"
    case .httpStatus(401): "The store answered 401: it asks for the shop's token. Start onlinestore with --api-token-file FILE, FILE holding the token of onlinestore-api's --token-file"
    case let .httpStatus(code): "The store answered \(code)"
    case let .changed(reason): reason.prefix(1).uppercased() + reason.dropFirst()
    case let .notFound(what): "The store has no \(what)"
    case .notJSON: "The store sent a web page instead of data"
    case let .malformed(detail): "The store sent data we could not read (\(detail))"
    case let .tooLarge(limit): "The store's answer was larger than \(limit / 1_048_576) MB"
    case let .other(description): description
    }
  }
}

extension APIError {
  /// Whether a request that failed this way may still have been received and carried out: no
  /// answer in time, a connection lost on the way, a gateway that gave up waiting, or a success
  /// whose body could not be read. A refusal (4xx, 500) or an unreachable server is a clear no.
  public var mayHaveReachedStore: Bool {
    switch self {
    case .timedOut, .connectionLost, .notJSON, .malformed, .tooLarge, .notFound: true
    case let .httpStatus(code): [502, 503, 504].contains(code)
    case .unreachable, .other, .changed: false
    }
  }
}

extension APIError: CustomStringConvertible {
  public var description: String { message }
}

extension APIError {
  /// Any error a client threw, as an ``APIError``: clients throw only these, but an unexpected
  /// error (a test's stand-in, a system error) still gets a readable message.
  public init(_ error: any Error) {
    switch error {
    case let error as APIError: self = error
    case is CancellationError: self = .other("Cancelled")
    default: self = .other(String(describing: error))
    }
  }
}

extension Result where Failure == APIError {
  /// The answer to a request to the store, a failure said as an ``APIError``: what the
  /// features send back to themselves, `.productsResponse(await Result { try await … })`.
  public init(request: () async throws -> Success) async {
    do {
      self = .success(try await request())
    } catch {
      self = .failure(APIError(error))
    }
  }
}
