import NIOCore
import NIOSSH

/// The client's window changes, passed on at most once per `interval`, the latest size
/// winning: a client that sends thousands makes its store redraw a few times a second at most.
final class ResizeThrottle: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData

  private struct Size: Equatable {
    var columns: Int
    var rows: Int
  }

  private enum Throttle {
    /// The next change goes on at once.
    case open
    /// A change went on less than `interval` ago: the latest since is kept until then.
    case closed(latest: Size?, reopens: Scheduled<Void>)
  }

  private let interval: Duration
  private var throttle = Throttle.open

  init(interval: Duration) {
    self.interval = interval
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if case let .closed(_, reopens) = throttle { reopens.cancel() }
    throttle = .open
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case let SessionRequest.resize(columns, rows) = event else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    let size = Size(columns: columns, rows: rows)
    switch throttle {
    case .open:
      pass(size, context: context)
    case let .closed(_, reopens):
      throttle = .closed(latest: size, reopens: reopens)
    }
  }

  private func pass(_ size: Size, context: ChannelHandlerContext) {
    let reopens = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(interval)) { [self] in
      guard case let .closed(latest, _) = throttle else { return }
      throttle = .open
      if let latest { pass(latest, context: context) }
    }
    throttle = .closed(latest: nil, reopens: reopens)
    context.fireUserInboundEventTriggered(SessionRequest.resize(columns: size.columns, rows: size.rows))
  }
}
