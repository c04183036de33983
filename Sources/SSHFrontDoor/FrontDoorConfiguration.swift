import Foundation
import StoreCommand

/// What `onlinestore serve` was asked for.
public struct FrontDoorConfiguration: Sendable {
  public var host: String
  public var port: Int
  /// The host key, the customers' numbers and homes (see ``StateDirectory``).
  public var stateDirectory: URL
  /// The host key's file when it is not the state directory's own (`--host-key`): every host of
  /// one store uses the same key, and a missing file is an error, never a new key.
  public var hostKeyFile: URL?
  public var limits: FrontDoorLimits
  /// Only these keys may shop, each under its line's conditions, if set (from
  /// `--authorized-keys`); guests are then refused.
  public var authorizedKeys: AuthorizedKeys?
  /// The store program each session runs on its pseudo-terminal: this very executable.
  public var storeExecutable: String
  /// The options every session's store gets (`--api`, `--latency`, `--no-color`, …); the
  /// customer options are each session's own.
  public var storeOptions: StoreOptions
  /// Whether stores are forked by a session starter (``StoreLauncher``), which saves memory, or
  /// each executed on its own.
  public var forksStores: Bool
  /// The load balancers whose PROXY protocol headers name the real client (`--proxy-protocol-from`);
  /// a connection from any of them must start with one, and no one else's header is read.
  public var proxyProtocolSources: [AddressRange]
  /// Where keys get their customer numbers: the store's server, so that every host gives a key
  /// the same number (``KeyCustomers``); `nil` for an SQLite file in the state directory, for a
  /// store on one host.
  public var keyCustomers: (any KeyCustomers)?
  /// The operators' keys (`--admin-keys`) and the back office they get instead of the shop.
  public var operators: Operators?
  /// What the front door measures; ``FrontDoorMetrics/none`` unless the operator asked.
  public var metrics: FrontDoorMetrics = .none
  /// Where the operator's port listens (`--metrics HOST:PORT`: `/metrics`, `/livez`,
  /// `/readyz`); `nil` for none.
  public var operatorAddress: (host: String, port: Int)?

  /// Keys that reach the back office, and how it is started for them.
  public struct Operators: Sendable {
    /// `--admin-keys`, each key under its line's conditions.
    public var keys: AuthorizedKeys
    /// `--api` and `--admin-token-file`; each session adds its operator's key.
    public var options: AdminOptions

    public init(keys: AuthorizedKeys, options: AdminOptions) {
      self.keys = keys
      self.options = options
    }
  }

  public init(
    host: String, port: Int, stateDirectory: URL, hostKeyFile: URL? = nil, limits: FrontDoorLimits = FrontDoorLimits(),
    authorizedKeys: AuthorizedKeys?, storeExecutable: String, storeOptions: StoreOptions, forksStores: Bool = true,
    proxyProtocolSources: [AddressRange] = [], keyCustomers: (any KeyCustomers)? = nil, operators: Operators? = nil
  ) {
    self.host = host
    self.port = port
    self.stateDirectory = stateDirectory
    self.hostKeyFile = hostKeyFile
    self.limits = limits
    self.authorizedKeys = authorizedKeys
    self.storeExecutable = storeExecutable
    self.storeOptions = storeOptions
    self.forksStores = forksStores
    self.proxyProtocolSources = proxyProtocolSources
    self.keyCustomers = keyCustomers
    self.operators = operators
  }
}

/// Every bound the front door keeps, each with the default a public store runs with and a flag
/// of `onlinestore serve` to change it (Docs/ServingOverSSH.md lists them with the threat model).
public struct FrontDoorLimits: Sendable, Equatable {
  /// Stores running at once (`--max-sessions`); the next shopper is told to come back.
  public var maximumSessions = 256
  /// Connections at once, whatever their state (`--max-connections`). Lowered at start so that
  /// the connections and their stores can never use up the process's descriptors.
  public var maximumConnections = 1_000
  /// Connections at once from one address, per /64 for IPv6 (`--max-connections-per-address`).
  public var maximumConnectionsPerAddress = 8
  /// Connections that have not logged in yet (`--max-logging-in`); past it, the one that has
  /// waited longest is closed to make room.
  public var maximumLoggingIn = 64
  /// New connections from one address in ``newConnectionsWindow`` (`--max-new-connections-per-address`).
  public var newConnectionsPerAddress = 30
  public var newConnectionsWindow: Duration = .seconds(10)
  /// Whether connections from this machine skip the per-address limits (`--exempt-loopback`).
  public var exemptsLoopback = false
  /// From connecting to logged in (`--login-timeout`).
  public var loginTimeout: Duration = .seconds(30)
  /// From connecting to a running store (`--no-store-timeout`): a connection that logs in and
  /// never asks for a shell holds nothing for longer.
  public var noStoreTimeout: Duration = .seconds(60)
  /// How long a PROXY protocol header may take to arrive from a load balancer.
  public var proxyHeaderTimeout: Duration = .seconds(5)
  /// A session without a key for this long ends as a hang-up does (`--idle-timeout`).
  public var idleTimeout: Duration = .seconds(1_800)
  /// How long a hung-up store has to save and exit before it is killed (`--hangup-grace`).
  public var hangupGrace: Duration = .seconds(5)
  /// Environment variables one session may set (`--max-env`).
  public var maximumEnvironment = 16
  /// Bytes of input a second a shopper's store is given (`--input-rate`), and how many may come
  /// at once; a store whose shopper sends faster also runs at a lower CPU priority.
  public var inputRate = 16 * 1_024
  public var inputBurst = 64 * 1_024
  /// New keys that may get a customer number from one address in an hour (`--new-keys-per-hour`).
  public var newKeysPerAddressPerHour = 20
  /// Requests that want a reply on one session channel (`env`, `pty-req`, …) before the channel
  /// is closed: a client that sends them without end gets no more answers queued for it.
  public var maximumRepliedRequests = 64
  /// Session channels one connection may open in its life; one of them at a time.
  public var maximumChannelsPerConnection = 4
  /// Authentication requests one connection may make (`MaxAuthTries` in OpenSSH).
  public var maximumAuthenticationAttempts = 12
  /// The shortest time between two window sizes given to a store: a storm of window changes
  /// becomes at most one resize (and one repaint) per frame, the latest size winning.
  public var resizeInterval: Duration = .milliseconds(33)

  public init() {}

  var admission: AdmissionLimits {
    AdmissionLimits(
      maximumConnections: maximumConnections, maximumPerAddress: maximumConnectionsPerAddress,
      maximumLoggingIn: min(maximumLoggingIn, maximumConnections), newPerAddress: newConnectionsPerAddress,
      newPerAddressWindow: newConnectionsWindow, exemptsLoopback: exemptsLoopback
    )
  }

  /// These limits with ``maximumConnections`` (and ``maximumSessions``) lowered to fit
  /// `descriptors`: each connection holds a socket, and each session a pty's two sides and its
  /// end of the store's terminal, and some are kept for the server itself.
  public func fitting(descriptors: Int) -> FrontDoorLimits {
    var fitted = self
    let reserve = 64
    let perConnection = 4
    let affordable = max(1, (descriptors - reserve) / perConnection)
    fitted.maximumConnections = min(maximumConnections, affordable)
    fitted.maximumSessions = min(maximumSessions, fitted.maximumConnections)
    return fitted
  }
}
