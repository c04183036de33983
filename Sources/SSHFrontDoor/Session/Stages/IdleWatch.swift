import NIOCore
import NIOSSH

/// Watches for a shopper who has sent nothing for `timeout`: the stages after it are told
/// (``SessionStageEvent/idle``) — their store is hung up — and told again after each further
/// timeout without input. From the session's opening; any input from the client starts the
/// wait again.
final class IdleWatch: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData

  private enum Watch {
    case stopped
    case watching(lastInput: ContinuousClock.Instant, check: Scheduled<Void>)
  }

  private let timeout: Duration
  private var watch = Watch.stopped
  private var time: LoopTime?

  init(timeout: Duration) {
    self.timeout = timeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let time = LoopTime(context.eventLoop)
    self.time = time
    check(context: context, lastInput: time.now(context.eventLoop))
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stop()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stop()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case let .watching(_, check) = watch, let time {
      watch = .watching(lastInput: time.now(context.eventLoop), check: check)
    }
    context.fireChannelRead(data)
  }

  private func check(context: ChannelHandlerContext, lastInput: ContinuousClock.Instant) {
    guard let time else { return }
    let now = time.now(context.eventLoop)
    var lastInput = lastInput
    if now - lastInput >= timeout {
      // Told once per timeout: the next is a whole timeout from now.
      lastInput = now
      context.fireUserInboundEventTriggered(SessionStageEvent.idle)
      // The event may have ended the session, and this watch with it.
      guard case .watching = watch else { return }
    }
    let next = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout - (now - lastInput))) { [self] in
      guard case let .watching(lastInput, _) = watch else { return }
      check(context: context, lastInput: lastInput)
    }
    watch = .watching(lastInput: lastInput, check: next)
  }

  private func stop() {
    if case let .watching(_, check) = watch { check.cancel() }
    watch = .stopped
  }
}
