/// Where a back-office list's fetch stands.
public enum Loading: Hashable, Sendable {
  case idle
  case loading
  case loaded
  /// The store's words for why it failed.
  case failed(String)
}
