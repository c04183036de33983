import NIOCore

/// Tells the connection when its client first sends something, then steps aside: a client that
/// has spoken is not among the first to be closed when the front door must make room.
final class FirstBytesWatch: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let connection: ShopperConnection

  init(connection: ShopperConnection) {
    self.connection = connection
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    connection.clientSpoke()
    context.fireChannelRead(data)
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }
}
