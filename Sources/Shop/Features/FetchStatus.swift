/// Where a fetch stands: not started, under way, done, or failed and why.
public enum FetchStatus: Hashable, Sendable {
  case idle
  case loading
  case loaded
  case failed(APIError)

  /// Whether a fetch may start now: on a first appearance, or again after a failure — never
  /// while one is under way or after one succeeded.
  var allowsFetch: Bool {
    switch self {
    case .idle, .failed: true
    case .loading, .loaded: false
    }
  }
}
