import NIOCore

/// The first handler of every connection. It finds out who the client is — the socket's peer,
/// or, from a load balancer named in `--proxy-protocol-from`, the client its PROXY header names
/// — asks the ``ConnectionTable`` for a place, and only then puts the SSH protocol in place and
/// steps aside.
///
/// So a connection the limits refuse costs no key exchange, and a load balancer's header is read
/// before the server sends its banner (SSH servers speak first; the PROXY protocol requires the
/// header to be read before anything is processed).
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let services: FrontDoorServices
  /// Puts the SSH handlers after the gate for an admitted connection.
  private let installSSH: (ShopperConnection, ChannelHandlerContext) throws -> Void
  private var header = ByteBuffer()
  private var headerDeadline: Scheduled<Void>?
  private var peer: ClientAddress?
  private var remote = "?"
  private var decided = false

  init(services: FrontDoorServices, installSSH: @escaping (ShopperConnection, ChannelHandlerContext) throws -> Void) {
    self.services = services
    self.installSSH = installSSH
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  private func start(context: ChannelHandlerContext) {
    guard peer == nil, !decided else { return }
    remote = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    guard let peer = ClientAddress(context.channel.remoteAddress) else {
      refuse("not an IP connection", context: context)
      return
    }
    self.peer = peer
    guard services.configuration.proxyProtocolSources.contains(where: { $0.contains(peer) }) else {
      admit(peer, context: context)
      return
    }
    let timeout = services.configuration.limits.proxyHeaderTimeout
    headerDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [self] in
      refuse("no PROXY protocol header within \(timeout)", context: context)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !decided else { return }
    var bytes = unwrapInboundIn(data)
    header.writeBuffer(&bytes)
    switch ProxyHeader.read(header.readableBytesView) {
    case .needMore:
      break
    case let .invalid(reason):
      refuse(reason, context: context)
    case let .header(found, length):
      header.moveReaderIndex(forwardBy: length)
      switch found {
      case let .proxied(source): admit(source, context: context)
      case .local: admit(peer!, context: context)
      }
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    headerDeadline?.cancel()
    context.fireChannelInactive()
  }

  private func admit(_ address: ClientAddress, context: ChannelHandlerContext) {
    decided = true
    headerDeadline?.cancel()
    let channel = context.channel
    switch services.connections.admit(address, close: { channel.close(promise: nil) }) {
    case let .refused(reason, kind):
      services.metrics.refused(kind)
      services.refusals.refused("\(remote) (\(address))", reason: reason)
      context.close(promise: nil)
    case let .admitted(id, _):
      let connection = ShopperConnection(address: address, remote: remote, channel: channel, admission: id, services: services)
      do {
        try installSSH(connection, context)
      } catch {
        connection.close(because: "the SSH handlers could not be set up: \(error)")
        return
      }
      // What came after the header is the client's first SSH bytes: passed on, then the gate
      // steps aside.
      let rest = header
      header = ByteBuffer()
      if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  private func refuse(_ reason: String, context: ChannelHandlerContext) {
    decided = true
    headerDeadline?.cancel()
    services.metrics.refused(.proxyHeader)
    services.refusals.refused(remote, reason: reason)
    context.close(promise: nil)
  }
}
