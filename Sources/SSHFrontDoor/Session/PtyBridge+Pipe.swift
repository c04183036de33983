import NIOCore
import NIOPosix

extension PtyBridge {
  /// The server's way: the controlling side as a NIO pipe channel, read only when asked, its
  /// writes buffered up to 64 KiB.
  static func openPipe(controller: Int32, eventLoop: any EventLoop, relay: PtyRelay) -> EventLoopFuture<any Channel> {
    let relay = NIOLoopBound(relay, eventLoop: eventLoop)
    return NIOPipeBootstrap(group: eventLoop)
      .channelOption(ChannelOptions.autoRead, value: false)
      .channelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1_024, high: 64 * 1_024))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(relay.value) }
      }
      .takingOwnershipOfDescriptor(inputOutput: controller)
  }
}
