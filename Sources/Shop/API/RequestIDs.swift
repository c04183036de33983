import Foundation
import StoreModels
import Synchronization

/// The `X-Request-Id` of each request a store sends its server: the session's id, given by the
/// SSH front door (``SessionVariable``), a dot, and the request's number in the session —
/// `5f0c1e2a9b3d4c6e.7`. The front door logs the session's id and the API logs each request's,
/// so one shopper's session is found across the programs' logs by one search.
public final class RequestIDs: Sendable {
  /// The session's part: 1 to 40 letters, digits, `_` or `-` (the API keeps ids of up to 64 of
  /// those and `.`; the number and its dot fit in the rest).
  public let session: String
  private let sent = Atomic<Int>(0)

  /// `nil` when `session` is not an id the API would keep as it is.
  public init?(session: String) {
    guard (1...40).contains(session.utf8.count),
      session.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
    else { return nil }
    self.session = session
  }

  /// The next request's id.
  public func next() -> String {
    "\(session).\(sent.add(1, ordering: .relaxed).newValue)"
  }

  /// This process's ids, when the front door started it with a session id; else `nil` (a store
  /// started by hand sends none, and the API makes one per request).
  public static let ofThisProcess: RequestIDs? = ProcessInfo.processInfo.environment[SessionVariable.name].flatMap(RequestIDs.init(session:))
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}
