import NIOCore

/// Tells the connection when its socket can take more bytes and when it cannot.
///
/// swift-nio-ssh does not pass the socket's writability on to the session channels: a channel is
/// writable as long as the client's SSH window allows, and a client can grant window without
/// reading a byte. So the sessions also ask the socket itself (through ``ShopperConnection``)
/// before they read more of their store's output.
final class TransportWatch: ChannelInboundHandler {
  typealias InboundIn = NIOAny

  private let connection: ShopperConnection

  init(connection: ShopperConnection) {
    self.connection = connection
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    connection.transportWritabilityChanged(context.channel.isWritable)
    context.fireChannelWritabilityChanged()
  }
}
