import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// The SSH front door: `ssh shop.example` and you are shopping.
///
/// One event loop accepts connections and runs the SSH protocol (swift-nio-ssh); each session
/// runs the ordinary store in a process of its own on a pseudo-terminal, so a crash of one
/// session ends that session only. The host key is made once and kept.
public final class FrontDoor: Sendable {
  public let hostKey: HostKey
  /// Where it listens (the port chosen, when it was asked for port 0).
  public let address: SocketAddress
  private let serverChannel: Channel
  private let group: MultiThreadedEventLoopGroup
  private let registry: SessionRegistry
  private let launcher: StoreLauncher
  private let logger: Logger

  private init(
    hostKey: HostKey, serverChannel: Channel, group: MultiThreadedEventLoopGroup, registry: SessionRegistry, launcher: StoreLauncher,
    logger: Logger
  ) {
    self.launcher = launcher
    self.hostKey = hostKey
    self.serverChannel = serverChannel
    self.address = serverChannel.localAddress!
    self.group = group
    self.registry = registry
    self.logger = logger
  }

  /// Makes the state directory and the host key if need be, and starts listening.
  public static func open(_ configuration: FrontDoorConfiguration, logger: Logger) async throws -> FrontDoor {
    try FileManager.default.createDirectory(
      at: configuration.stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
    )
    let hostKey = try HostKey.loadOrCreate(at: configuration.hostKeyFile)
    let registry = SessionRegistry(limit: configuration.maxSessions)
    let launcher = StoreLauncher(executable: configuration.storeExecutable, useStarter: configuration.forksStores, logger: logger)
    let limiter = ConnectionRateLimiter()
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        let remote = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        guard limiter.admit(channel.remoteAddress?.ipAddress) else {
          logger.info("connection refused", metadata: ["remote": "\(remote)", "reason": "too many new connections from this address"])
          return channel.close()
        }
        let authenticator = ShopperAuthenticator(authorizedFingerprints: configuration.authorizedFingerprints)
        return channel.eventLoop.makeCompletedFuture {
          let ssh = NIOSSHHandler(
            role: .server(.init(hostKeys: [hostKey.privateKey], userAuthDelegate: authenticator)),
            allocator: channel.allocator,
            inboundChildChannelInitializer: { child, type in
              guard case .session = type, let shopper = authenticator.authenticatedShopper else {
                // Port forwarding and other channel kinds are not something a shop offers.
                return child.eventLoop.makeFailedFuture(FrontDoorError("channel type not offered"))
              }
              return child.eventLoop.makeCompletedFuture {
                try child.pipeline.syncOperations.addHandler(
                  ShopSession(
                    configuration: configuration, registry: registry, launcher: launcher, shopper: shopper, remote: remote, logger: logger
                  )
                )
              }
            }
          )
          try channel.pipeline.syncOperations.addHandlers([ssh, ConnectionErrorHandler(remote: remote, logger: logger)])
        }
      }
    do {
      let channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
      return FrontDoor(hostKey: hostKey, serverChannel: channel, group: group, registry: registry, launcher: launcher, logger: logger)
    } catch {
      launcher.stop()
      try? await group.shutdownGracefully()
      throw FrontDoorError("Could not listen on \(configuration.host):\(configuration.port): \(error).")
    }
  }

  /// The session starter's pid, while stores are forked by one.
  public var sessionStarter: pid_t? { launcher.starterProcess }

  /// How many sessions are running.
  public var sessionCount: Int { registry.sessionCount }

  /// Stops accepting, hangs up every session's store (each saves its cart), waits up to
  /// `grace` for them to end, then ends any that did not.
  public func stop(grace: Duration = .seconds(5)) async {
    try? await serverChannel.close()
    launcher.stop()
    for pid in registry.processes { kill(pid, SIGHUP) }
    let deadline = ContinuousClock.now + grace
    while !registry.processes.isEmpty, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    for pid in registry.processes { kill(pid, SIGKILL) }
    try? await group.shutdownGracefully()
  }
}

/// Ends a connection whose SSH went wrong (garbage instead of SSH, a client gone mid-handshake)
/// — that connection only.
final class ConnectionErrorHandler: ChannelInboundHandler {
  typealias InboundIn = Any
  private let remote: String
  private let logger: Logger

  init(remote: String, logger: Logger) {
    self.remote = remote
    self.logger = logger
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.info("connection closed", metadata: ["remote": "\(remote)", "reason": "\(error)"])
    context.close(promise: nil)
  }
}
