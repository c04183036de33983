import NIOHTTP1
import Observability
import Synchronization

/// Whether a front door should get new shoppers: yes until its drain begins. A load balancer
/// that asks `/readyz` stops sending shoppers from the first moment of a SIGTERM, while the
/// sessions under way go on to the end of the drain.
public final class FrontDoorReadiness: Sendable {
  private let draining = Atomic(false)

  public init() {}

  public var isDraining: Bool { draining.load(ordering: .relaxed) }

  func beginDraining() { draining.store(true, ordering: .relaxed) }
}

/// What the operator's port (``OperatorPort``) answers, as a value of the request's method and
/// path: `/metrics` in Prometheus' text format, `/livez`, `/readyz`.
struct OperatorAnswers: Sendable {
  struct Answer: Equatable {
    var status: HTTPResponseStatus
    var contentType: String
    var body: String
  }

  let metrics: FrontDoorMetrics
  let readiness: FrontDoorReadiness
  /// How many sessions are running now.
  let sessions: @Sendable () -> Int
  /// Whether stores are forked by a running session starter; `nil` where none is used
  /// (`--exec-each-store`). A host whose starter is gone still serves — each store is then
  /// executed on its own — so this is reported, not a reason to be unready.
  let starter: @Sendable () -> Bool?

  func answer(method: HTTPMethod, uri: String) -> Answer {
    let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? uri
    guard method == .GET || method == .HEAD else {
      return Answer(status: .methodNotAllowed, contentType: Self.json, body: #"{"error":"only GET and HEAD"}"#)
    }
    switch path {
    case "/metrics":
      return Answer(status: .ok, contentType: MetricsRegistry.contentType, body: metrics.exposition())
    case "/livez":
      return Answer(status: .ok, contentType: Self.json, body: #"{"status":"live"}"#)
    case "/readyz":
      let draining = readiness.isDraining
      let starter = switch self.starter() {
      case true?: "running"
      case false?: "stopped"
      case nil: "none"
      }
      return Answer(
        status: draining ? .serviceUnavailable : .ok, contentType: Self.json,
        body: #"{"ready":\#(!draining),"draining":\#(draining),"sessions":\#(sessions()),"starter":"\#(starter)"}"#
      )
    default:
      return Answer(status: .notFound, contentType: Self.json, body: #"{"error":"no such route: /metrics, /livez and /readyz are"}"#)
    }
  }

  static let json = "application/json"
}
