import NIOCore
import NIOSSH

/// The first word on a session: the store is full-screen, so a shell or command asked for
/// without a pseudo-terminal (`ssh HOST`, not `ssh -t HOST`) is answered here — a line saying
/// how to connect, exit status 1 — and goes no further.
final class TerminalRequirement: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData
  typealias OutboundOut = SSHChannelData

  static let message = "The store needs a terminal: connect with ssh -t."
  private let metrics: FrontDoorMetrics

  init(metrics: FrontDoorMetrics = .none) {
    self.metrics = metrics
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case SessionRequest.start(terminal: nil, _, _) = event else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    metrics.refused(.noTerminal)
    SessionExit.send(status: 1, message: Self.message, on: context)
  }
}

/// How a session ends for the client: a line on standard error, if there is something to say,
/// then the exit status, then the channel closes.
enum SessionExit {
  static func send(status: Int, message: String?, on context: ChannelHandlerContext) {
    if let message {
      var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 2)
      buffer.writeString(message + "\r\n")
      context.writeAndFlush(NIOAny(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
    }
    let channel = context.channel
    context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }
}
