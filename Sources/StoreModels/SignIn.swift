/// How a customer came into the store, which decides what their profile can show.
///
/// The customer is always a number (``Customer/ID``) — the one their orders are placed under;
/// this says where that number came from.
public enum SignIn: Hashable, Sendable {
  /// An account of the store, chosen with `--user`: its profile can be shown.
  case account
  /// An SSH key of `onlinestore serve` (`SHA256:…`): the store gave the key its number.
  case key(fingerprint: String)
  /// A guest of `onlinestore serve`: no account, this session's orders only.
  case guest
}
