import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import StoreModels

/// The SSH front door: `ssh shop.example` and you are shopping.
///
/// Every connection may be hostile, so each goes through the same stages, in the shape of Wish's
/// middleware written as NIO handlers:
///
/// 1. ``ConnectionGate``: who the client is (the socket's peer, or a trusted load balancer's
///    PROXY header), and whether the ``ConnectionTable``'s limits let it in;
/// 2. ``ShopperConnection``: the login and no-store deadlines, one session channel at a time;
/// 3. SSH itself (swift-nio-ssh), with ``ShopperAuthenticator``, ``TransportWatch`` and its
///    ciphers guarded (``GuardedTransportProtection``, ``KeyExchangeWatch``);
/// 4. per session channel, ``SessionRequestValidator`` (pty, environment, window changes), then
///    ``StoreSession`` (the store's process, bytes both ways with backpressure, the hang-up).
///
/// Each session runs the ordinary store in a process of its own on a pseudo-terminal, so a crash
/// of one session ends that session only. Anything that blocks runs on the front door's own
/// threads, never on the event loop that runs every connection.
public final class FrontDoor: Sendable {
  public let hostKey: HostKey
  /// Where it listens (the port chosen, when it was asked for port 0).
  public let address: SocketAddress
  /// The limits in force: the configuration's, lowered to fit the descriptors this process has.
  public let limits: FrontDoorLimits
  /// Where the operator's port listens (`/metrics`, `/livez`, `/readyz`), if it was asked for.
  public var operatorAddress: SocketAddress? { operatorPort?.address }
  private let serverChannel: Channel
  private let group: MultiThreadedEventLoopGroup
  private let services: FrontDoorServices
  private let readiness: FrontDoorReadiness
  private let operatorPort: OperatorPort?

  private init(
    hostKey: HostKey, serverChannel: Channel, group: MultiThreadedEventLoopGroup, services: FrontDoorServices, readiness: FrontDoorReadiness,
    operatorPort: OperatorPort?
  ) {
    self.hostKey = hostKey
    self.serverChannel = serverChannel
    self.address = serverChannel.localAddress!
    self.group = group
    self.services = services
    self.limits = services.configuration.limits
    self.readiness = readiness
    self.operatorPort = operatorPort
  }

  /// Checks or makes the state directory and the host key, and starts listening.
  public static func open(_ configuration: FrontDoorConfiguration, logger: Logger) async throws -> FrontDoor {
    var configuration = configuration
    configuration.limits = configuration.limits.fitting(descriptors: DescriptorLimit.raise())
    // Everything the server and its stores create is theirs alone: keys, carts, logs.
    umask(0o077)
    let state = try StateDirectory.prepare(configuration.stateDirectory)
    let hostKey = try configuration.hostKeyFile.map(HostKey.loadExisting(at:)) ?? HostKey.loadOrCreate(at: state.hostKey)
    let customers = try configuration.keyCustomers
      ?? SQLiteKeyCustomers(directory: state.url, newKeysPerAddressPerHour: configuration.limits.newKeysPerAddressPerHour)
    let blocking = NIOThreadPool(numberOfThreads: 2)
    blocking.start()
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let executable = configuration.storeExecutable
    let forks = configuration.forksStores
    let metrics = configuration.metrics
    // Started from a thread that lives as long as the server: see `StoreLauncher`.
    let launcher = try await blocking.runIfActive(eventLoop: group.next()) {
      StoreLauncher(executable: executable, useStarter: forks, logger: logger, metrics: metrics)
    }.get()
    let storeEvents = Self.openStoreEvents(in: state, metrics: metrics, logger: logger)
    let services = FrontDoorServices(
      configuration: configuration, logger: logger, state: state, connections: ConnectionTable(limits: configuration.limits.admission),
      sessions: SessionRegistry(limit: configuration.limits.maximumSessions), customers: customers, reaper: ChildReaper(),
      blocking: blocking, launcher: launcher, refusals: RefusalLog(logger: logger),
      setupFailures: RefusalLog(logger: logger, message: "a connection could not be set up", level: .error), storeEvents: storeEvents
    )
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .serverChannelOption(ChannelOptions.backlog, value: 256)
      .serverChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(AcceptFailureLog(log: services.setupFailures))
        }
      }
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try Self.setUpSocket(of: channel)
          try channel.pipeline.syncOperations.addHandler(
            ConnectionGate(services: services) { connection, gate in
              try Self.installSSH(for: connection, after: gate, hostKey: hostKey)
            }
          )
        }.flatMapErrorThrowing { error in
          // NIO closes a connection it could not set up and tells no one: say so here.
          services.setupFailures.refused(channel.remoteAddress.map { "\($0)" } ?? "-", reason: "\(error)")
          throw error
        }
      }
    let readiness = FrontDoorReadiness()
    var operatorPort: OperatorPort?
    do {
      if let address = configuration.operatorAddress {
        let answers = OperatorAnswers(
          metrics: configuration.metrics, readiness: readiness, sessions: { services.sessions.sessionCount },
          starter: { forks ? launcher.hasStarter : nil }
        )
        do {
          operatorPort = try await OperatorPort.open(host: address.host, port: address.port, group: group, answers: answers)
        } catch {
          throw FrontDoorError("Could not listen on \(address.host):\(address.port) for --metrics: \(error).")
        }
      }
      let channel: any Channel
      do {
        channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
      } catch {
        throw FrontDoorError("Could not listen on \(configuration.host):\(configuration.port): \(error).")
      }
      return FrontDoor(hostKey: hostKey, serverChannel: channel, group: group, services: services, readiness: readiness, operatorPort: operatorPort)
    } catch {
      await operatorPort?.close()
      storeEvents?.stop()
      launcher.stop()
      services.reaper.stop()
      try? await blocking.shutdownGracefully()
      try? await group.shutdownGracefully()
      throw error
    }
  }

  /// The socket the stores send what they measure to (``StoreEvent``), in the state directory,
  /// when the front door measures; without it (a state directory whose path is too long for a
  /// socket's address) the stores' own metrics are missing and the log says why.
  private static func openStoreEvents(in state: StateDirectory, metrics: FrontDoorMetrics, logger: Logger) -> StoreEventRelay? {
    guard metrics.registry.isMeasuring else { return nil }
    do {
      return try StoreEventRelay(path: state.url.appendingPathComponent("store-events.sock").path, metrics: metrics)
    } catch {
      logger.warning("the stores' picture and cart metrics are off", metadata: ["reason": "\(error)"])
      return nil
    }
  }

  /// What every accepted socket is set to: a key press is a few bytes, so each is sent at once
  /// (TCP_NODELAY — an IPPROTO_TCP option; written as a SOL_SOCKET one it is SO_DEBUG, which only
  /// root may set, and which once closed every connection of a server not run as root).
  static func setUpSocket(of channel: any Channel) throws {
    try channel.syncOptions?.setOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
  }

  /// The SSH protocol for an admitted connection, after its gate: a watch for the client's first
  /// bytes (a client that has spoken is not the first to make room), the transport's writability
  /// watch, swift-nio-ssh (2 MiB windows, a bound on authentication attempts), and a session
  /// stage for each session channel — one at a time, a few in all; other channel kinds (port
  /// forwarding) are refused.
  /// What a client is shown before it authenticates, where guests may shop.
  static let guestBanner = "Without a key you shop as a guest: any password, or none (press Enter), lets you in.\r\n"

  private static func installSSH(for connection: ShopperConnection, after gate: ChannelHandlerContext, hostKey: HostKey) throws {
    let limits = connection.services.configuration.limits
    let bound = NIOLoopBound(connection, eventLoop: gate.eventLoop)
    let configuration = connection.services.configuration
    let authenticator = ShopperAuthenticator(authorized: configuration.authorizedKeys, operators: configuration.operators?.keys, connection: bound)
    var server = SSHServerConfiguration(hostKeys: [hostKey.privateKey], userAuthDelegate: authenticator)
    // The library's own ciphers, wrapped: a channel request it cannot read is passed on without
    // its payload (ssh -X), and key exchanges are bounded (``GuardedTransportProtection``).
    server.transportProtectionSchemes = GuardedTransportProtection.schemes
    // The smallest packet SSH allows, and so the smallest window swift-nio-ssh offers (64
    // packets, 2 MiB): the most a client can have sent that the server has not yet passed on.
    server.maximumPacketSize = 32_768
    server.maxAuthAttempts = limits.maximumAuthenticationAttempts
    // OpenSSH's client asks "password:" and cannot be told what it is for: where guests may
    // shop, a banner (shown before the prompt) says that any password, or none, lets one in.
    if configuration.authorizedKeys == nil {
      server.banner = .init(message: Self.guestBanner, languageTag: "en")
    }
    let ssh = NIOSSHHandler(
      role: .server(server), allocator: gate.channel.allocator,
      inboundChildChannelInitializer: { child, type in
        let connection = bound.value
        guard case .session = type, connection.openSession() else {
          return child.eventLoop.makeFailedFuture(FrontDoorError("channel not offered"))
        }
        child.closeFuture.assumeIsolated().whenComplete { _ in connection.sessionClosed() }
        return child.eventLoop.makeCompletedFuture {
          let bridge = PtyBridge(transport: connection, logger: connection.services.logger)
          try child.pipeline.syncOperations.addHandlers([
            SessionRequestValidator(
              policy: SessionRequestPolicy(maximumVariables: limits.maximumEnvironment), maximumReplies: limits.maximumRepliedRequests
            ),
            TerminalRequirement(metrics: connection.services.metrics),
            ResizeThrottle(interval: limits.resizeInterval),
            IdleWatch(timeout: limits.idleTimeout),
            InputRateLimiter(rate: limits.inputRate, burst: limits.inputBurst),
            StoreSession(connection: connection, bridge: bridge),
            bridge,
          ])
        }
      }
    )
    try gate.pipeline.syncOperations.addHandlers(
      [
        FirstBytesWatch(connection: connection), TransportWatch(connection: connection), KeyExchangeWatch(connection: connection), ssh,
        ConnectionErrorHandler(connection: connection),
      ],
      position: .after(gate.handler)
    )
  }

  /// How many sessions are running.
  public var sessionCount: Int { services.sessions.sessionCount }

  /// Stops accepting, then ends every session: a drain first, when `drain` is more than zero —
  /// each store is told the host is restarting (SIGUSR1; it says so on the shopper's screen)
  /// and its session may go on until it ends or `drain` has passed, or `interrupted` says to
  /// stop waiting (a second SIGTERM) — then every store still running is hung up (each saves its
  /// cart), given up to `grace` to end, and killed if it has not. Every connection is closed, and
  /// every shopper whose session this ends reads that the host is restarting.
  public func stop(drain: Duration = .zero, grace: Duration = .seconds(5), interrupted: @Sendable () -> Bool = { false }) async {
    // First of all, so that a balancer asking `/readyz` sends no one else here.
    readiness.beginDraining()
    try? await serverChannel.close()
    services.launcher.stop()
    services.sessions.restart()
    if drain > .zero {
      for pid in services.sessions.processes { kill(pid, SIGUSR1) }
      let end = ContinuousClock.now + drain
      while !services.sessions.processes.isEmpty, ContinuousClock.now < end, !interrupted() {
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    for pid in services.sessions.processes { kill(pid, SIGHUP) }
    let deadline = ContinuousClock.now + grace
    while !services.sessions.processes.isEmpty, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    let stubborn = services.sessions.processes
    for pid in stubborn {
      kill(pid, SIGKILL)
      services.logger.warning("session killed: its store did not end within the grace after the hang-up", metadata: ["pid": "\(pid)"])
    }
    services.connections.closeAll()
    await operatorPort?.close()
    services.storeEvents?.stop()
    services.reaper.stop()
    try? await services.blocking.shutdownGracefully()
    try? await group.shutdownGracefully()
  }
}

/// Logs what goes wrong on the listening socket itself (an accept that failed: out of
/// descriptors, say), rate-limited as refusals are.
final class AcceptFailureLog: ChannelInboundHandler, Sendable {
  typealias InboundIn = Any
  private let log: RefusalLog

  init(log: RefusalLog) {
    self.log = log
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    log.refused("-", reason: "\(error)")
    context.fireErrorCaught(error)
  }
}

/// Ends a connection whose SSH went wrong (garbage instead of SSH, a client gone mid-handshake)
/// — that connection only.
final class ConnectionErrorHandler: ChannelInboundHandler {
  typealias InboundIn = Any
  private let connection: ShopperConnection

  init(connection: ShopperConnection) {
    self.connection = connection
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    connection.close(because: "\(error)")
  }
}
