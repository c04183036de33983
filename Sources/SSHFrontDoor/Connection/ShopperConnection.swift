import Logging
import NIOCore

/// One TCP connection to the front door, from admission to close: who it comes from, whether and
/// as whom it logged in, its session channel, and the deadlines that end it if it does neither.
///
/// Lives on its connection's event loop; everything here is called there.
final class ShopperConnection {
  let address: ClientAddress
  /// The socket's own peer, for the logs (the load balancer, when the address came by PROXY).
  let remote: String
  let channel: Channel
  let services: FrontDoorServices
  private let admission: AdmissionState.ID
  private(set) var shopper: Shopper?
  private var openSessions = 0
  private var channelsOpened = 0
  private var storeStarted = false
  private var deadlines: [Scheduled<Void>] = []
  /// Sessions that stopped reading their store's output while the connection could not send.
  private var waitingForTransport: [() -> Void] = []
  private var socketIsWritable = true
  /// The client is re-keying: swift-nio-ssh refuses session data until it is done (see
  /// ``KeyExchanges``).
  private(set) var reKeying = false
  /// When the connection was admitted, on its event loop's clock: the login's wait is measured
  /// from here.
  private let admittedAt: NIODeadline

  init(address: ClientAddress, remote: String, channel: Channel, admission: AdmissionState.ID, services: FrontDoorServices) {
    self.address = address
    self.remote = remote
    self.channel = channel
    self.admission = admission
    self.services = services
    admittedAt = channel.eventLoop.now
    let limits = services.configuration.limits
    deadlines = [
      schedule(after: limits.loginTimeout, "no login within \(limits.loginTimeout)") { $0.shopper == nil },
      schedule(after: limits.noStoreTimeout, "no store within \(limits.noStoreTimeout)") { !$0.storeStarted },
    ]
    channel.closeFuture.assumeIsolated().whenComplete { [self] _ in
      deadlines.forEach { $0.cancel() }
      services.connections.closed(admission)
    }
  }

  var logger: Logger { services.logger }

  /// The client sent its first bytes: it is no longer silent (see ``AdmissionLimits``).
  func clientSpoke() {
    services.connections.spoke(admission)
  }

  /// The authenticator let `shopper` in.
  func loggedIn(as shopper: Shopper) {
    guard self.shopper == nil else { return }
    self.shopper = shopper
    services.connections.loggedIn(admission)
    services.metrics.loggedIn(after: .nanoseconds((channel.eventLoop.now - admittedAt).nanoseconds))
  }

  /// Whether a session channel may open now: after login, one at a time, and a few in all.
  func openSession() -> Bool {
    guard shopper != nil, openSessions == 0, channelsOpened < services.configuration.limits.maximumChannelsPerConnection else {
      return false
    }
    openSessions += 1
    channelsOpened += 1
    return true
  }

  func sessionClosed() {
    openSessions -= 1
  }

  /// Whether this connection may start its store: once, ever.
  func startStore() -> Bool {
    guard !storeStarted else { return false }
    storeStarted = true
    return true
  }

  // MARK: The transport

  /// Whether the sessions may send now: the socket takes more without queueing and no key
  /// re-exchange is under way.
  var transportIsWritable: Bool { socketIsWritable && !reKeying }

  /// The TCP connection can take more (or no more) without queueing: the sessions read their
  /// stores' output only while it can, so a client that stops reading stops its store, not the
  /// server's memory.
  func transportWritabilityChanged(_ writable: Bool) {
    socketIsWritable = writable
    resumeWaitingSessions()
  }

  /// The client began or ended a key re-exchange: the sessions hold their output meanwhile.
  func keyReExchange(underWay: Bool) {
    reKeying = underWay
    logger.debug("key re-exchange", metadata: ["under way": "\(underWay)"])
    resumeWaitingSessions()
  }

  private func resumeWaitingSessions() {
    guard transportIsWritable else { return }
    let waiting = waitingForTransport
    waitingForTransport = []
    waiting.forEach { $0() }
  }

  /// Calls `resume` once the transport is writable again.
  func whenTransportWritable(_ resume: @escaping () -> Void) {
    if transportIsWritable { resume() } else { waitingForTransport.append(resume) }
  }

  /// Ends the connection, saying why in the log.
  func close(because reason: String) {
    logger.info("connection closed", metadata: ["remote": "\(remote)", "client": "\(address)", "reason": "\(reason)"])
    channel.close(promise: nil)
  }

  private func schedule(after delay: Duration, _ reason: String, if condition: @escaping (ShopperConnection) -> Bool) -> Scheduled<Void> {
    channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in
      if condition(self) { close(because: reason) }
    }
  }
}
