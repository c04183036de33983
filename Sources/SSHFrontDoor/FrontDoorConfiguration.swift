import Foundation

/// What `onlinestore serve` was asked for.
public struct FrontDoorConfiguration: Sendable {
  public var host: String
  public var port: Int
  /// The host key, the customers' carts and the sessions' logs live here.
  public var stateDirectory: URL
  public var maxSessions: Int
  /// A session with no input for this long ends as a hang-up does (cart saved).
  public var idleTimeout: Duration
  /// Only these keys may shop, if set (from `--authorized-keys`); guests are then refused.
  public var authorizedFingerprints: Set<String>?
  /// The store program each session runs on its pseudo-terminal: this very executable.
  public var storeExecutable: String
  /// The data options passed on to every session's store (`--api`, `--latency`, `--no-color`).
  public var storeArguments: [String]
  /// The customer number guests order as (`--user`); a key has a number of its own.
  public var guestCustomerNumber: Int
  /// Whether stores are forked by a session starter (``StoreLauncher``), which saves memory, or
  /// each executed on its own.
  public var forksStores: Bool

  public init(
    host: String, port: Int, stateDirectory: URL, maxSessions: Int, idleTimeout: Duration,
    authorizedFingerprints: Set<String>?, storeExecutable: String, storeArguments: [String], guestCustomerNumber: Int = 1,
    forksStores: Bool = true
  ) {
    self.host = host
    self.port = port
    self.stateDirectory = stateDirectory
    self.maxSessions = maxSessions
    self.idleTimeout = idleTimeout
    self.authorizedFingerprints = authorizedFingerprints
    self.storeExecutable = storeExecutable
    self.storeArguments = storeArguments
    self.guestCustomerNumber = guestCustomerNumber
    self.forksStores = forksStores
  }

  var hostKeyFile: URL { stateDirectory.appendingPathComponent("host_ed25519_key") }
}
