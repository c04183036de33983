/// Every bound the API server keeps on what a client can make it hold or do, with the defaults a
/// public server runs with; each is a flag of `onlinestore-api`.
public struct APILimits: Sendable, Equatable {
  /// Connections at once (`--max-connections`); lowered at start to fit the descriptors the
  /// process may open. Past it, the connection that has waited longest without sending a whole
  /// request head is closed to make room.
  public var maximumConnections = 512
  /// How long a connection may wait for its next request (`--idle-timeout`).
  public var idleTimeout: Duration = .seconds(30)
  /// How long a request head may take to arrive once it has started (`--header-timeout`).
  public var headerTimeout: Duration = .seconds(10)
  /// How long a request body may take, from the end of its head (`--body-timeout`).
  public var bodyTimeout: Duration = .seconds(30)
  /// The slowest a request body may arrive, in bytes a second, averaged from the end of its head
  /// once ``bodyRateGrace`` has passed (`--min-body-rate`): a client that trickles a body is
  /// closed within seconds, not at ``bodyTimeout``.
  public var minimumBodyBytesPerSecond = 1_024
  /// How long a body may arrive at any pace before ``minimumBodyBytesPerSecond`` applies.
  public var bodyRateGrace: Duration = .seconds(2)
  /// Connections one client address holds at once (an IPv6 client: its /64)
  /// (`--max-connections-per-address`); the next is closed at once. A `serve` host holds about
  /// one per session (its open carts' long polls): give its address room with this flag.
  public var maximumConnectionsPerAddress = 128
  /// Whether connections from this machine (127.0.0.0/8, ::1) are left out of
  /// ``maximumConnectionsPerAddress`` (`--exempt-loopback`): for a `serve` on the same machine.
  public var exemptsLoopback = false
  /// How long one answer may take to be written out, from its head (`--write-timeout`): a
  /// client that stops reading loses its connection then, and holds up no shutdown longer.
  public var writeTimeout: Duration = .seconds(30)
  /// Requests one connection may send ahead of their answers (HTTP/1.1 pipelining); past it the
  /// connection is closed.
  public var maximumPipelinedRequests = 16
  /// How long a stopping server lets requests under way finish before it closes what is left.
  public var shutdownGrace: Duration = .seconds(10)
  /// Orders one customer may place in a minute (`--orders-per-minute`); more get 429.
  public var ordersPerCustomerPerMinute = 10
  /// The orders a list route returns when it is not given a `limit`, and the most it returns.
  public var defaultPage = 50
  public var maximumPage = 500
  /// Requests waiting at once for an open cart to change (`--max-cart-watchers`): each holds a
  /// connection for up to 30 s, so this stays below ``maximumConnections``; past it, 503.
  ///
  /// Every store session of every `serve` host keeps one such request open on the instance it is
  /// pointed at: size this to the sessions those hosts allow (`--max-sessions`, 256 by default)
  /// times the hosts pointed here, and ``maximumConnections`` above it (Docs/RunningYourOwnStore.md, "Limits").
  public var maximumCartWatchers = 256
  /// Of those, requests waiting at once for one customer's cart (`--max-cart-watchers-per-customer`):
  /// a shopper's windows on any hosts; past it, 503 for that customer only.
  public var maximumCartWatchersPerCustomer = 8
  /// Requests following the stock at once (`--max-stock-watchers`, `GET /shop/stock?after=`):
  /// each holds a connection for up to 30 s, so this too stays below ``maximumConnections``;
  /// past it, 503. A `serve` host follows the stock once for all its sessions; a shopper's own
  /// store follows it once.
  public var maximumStockWatchers = 128
  /// New SSH keys that may get a customer number from one origin (an address, per /64 for
  /// IPv6) in an hour (`--new-keys-per-hour`); more get 429.
  public var newKeysPerOriginPerHour = 20
  /// The pictures the back office may keep in the database, and their bytes in all: past it, a
  /// product with a new picture is refused (409) until others are replaced or removed.
  public var storedPictures = PictureBounds.standard

  public init() {}

  /// These limits with ``maximumConnections`` lowered to fit `descriptors`, keeping some for
  /// the database, the log and the listening socket.
  public func fitting(descriptors: Int) -> APILimits {
    var fitted = self
    fitted.maximumConnections = max(1, min(maximumConnections, descriptors - 64))
    fitted.maximumCartWatchers = min(maximumCartWatchers, max(1, fitted.maximumConnections / 2))
    fitted.maximumStockWatchers = min(maximumStockWatchers, max(1, fitted.maximumConnections / 4))
    return fitted
  }
}
