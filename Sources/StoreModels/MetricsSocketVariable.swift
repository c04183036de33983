/// The environment variable `onlinestore serve --metrics` sets for each session's store: the
/// path of the socket the store sends what it measures to (picture decodes, cart saves), which
/// the front door counts into its own metrics, since no one scrapes a store's process.
public enum MetricsSocketVariable {
  public static let name = "ONLINESTORE_METRICS_SOCKET"
}
