import NIOCore

/// The handler on a store's pseudo-terminal (the controlling side, as a NIO pipe channel): passes
/// what the store wrote, the pty's writability and its end to the ``StoreSession``, which decides
/// when to read more.
final class PtyRelay: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let session: StoreSession

  init(session: StoreSession) {
    self.session = session
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    session.storeWrote(unwrapInboundIn(data))
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    session.storeOutputRead()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    session.ptyWritabilityChanged(context.channel.isWritable)
  }

  func channelInactive(context: ChannelHandlerContext) {
    session.ptyClosed()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // EIO: every process on the pty's other side has closed it — the store has ended.
    context.close(promise: nil)
  }
}
