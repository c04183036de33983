import NIOCore

/// The handler on a store's pseudo-terminal (the controlling side, as a NIO pipe channel): passes
/// what the store wrote, the pty's writability and its end to the ``PtyBridge``, which decides
/// when to read more.
final class PtyRelay: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let bridge: PtyBridge

  init(bridge: PtyBridge) {
    self.bridge = bridge
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    bridge.storeWrote(unwrapInboundIn(data))
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    bridge.storeOutputRead()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    bridge.terminalWritabilityChanged(context.channel.isWritable)
  }

  func channelInactive(context: ChannelHandlerContext) {
    bridge.terminalClosed()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // EIO: every process on the pty's other side has closed it — the store has ended.
    context.close(promise: nil)
  }
}
