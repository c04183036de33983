import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The front door's port for its operator (`onlinestore serve --metrics HOST:PORT`): plain HTTP
/// on an address kept private, each connection one request answered by ``OperatorAnswers`` and
/// closed. Bounded as the shoppers' port is: at most ``maximumConnections`` at once, a request
/// head within NIO's 80 KiB, nothing read after it, and every connection closed
/// ``requestTimeout`` after it opened, answered or not.
final class OperatorPort: Sendable {
  static let maximumConnections = 32
  static let requestTimeout = TimeAmount.seconds(10)

  let address: SocketAddress
  private let channel: any Channel

  private init(channel: any Channel) {
    self.channel = channel
    self.address = channel.localAddress!
  }

  static func open(host: String, port: Int, group: any EventLoopGroup, answers: OperatorAnswers) async throws -> OperatorPort {
    let open = Atomic(0)
    let channel = try await ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        guard open.add(1, ordering: .relaxed).newValue <= maximumConnections else {
          open.subtract(1, ordering: .relaxed)
          return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        channel.closeFuture.whenComplete { _ in open.subtract(1, ordering: .relaxed) }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(OperatorRequestHandler(answers: answers))
        }
      }
      .bind(host: host, port: port).get()
    return OperatorPort(channel: channel)
  }

  func close() async {
    try? await channel.close()
  }
}

/// Answers a connection's first request and closes it, or closes it at
/// ``OperatorPort/requestTimeout`` on its event loop's clock (NIO's `IdleStateHandler` reads the
/// wall clock, which an `EmbeddedEventLoop` test cannot move).
final class OperatorRequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let answers: OperatorAnswers
  private var answered = false
  private var deadline: Scheduled<Void>?

  init(answers: OperatorAnswers) {
    self.answers = answers
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { startDeadline(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    startDeadline(context: context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  private func startDeadline(context: ChannelHandlerContext) {
    guard deadline == nil else { return }
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: OperatorPort.requestTimeout) { channel.close(promise: nil) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case let .head(head) = unwrapInboundIn(data), !answered else { return }
    answered = true
    let answer = answers.answer(method: head.method, uri: head.uri)
    let body = ByteBuffer(string: answer.body)
    let headers = HTTPHeaders([
      ("Content-Type", answer.contentType), ("Content-Length", "\(body.readableBytes)"), ("Connection", "close"),
    ])
    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: answer.status, headers: headers))), promise: nil)
    if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
  }
}
