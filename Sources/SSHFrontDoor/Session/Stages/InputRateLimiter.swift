import NIOCore
import NIOSSH

/// The shopper's ``InputAllowance`` as a stage of the session's pipeline: the store's requests
/// for more input (`read`) go on to the client's channel only while the allowance lasts; past
/// it, one is held until the allowance has refilled. Nothing is read meanwhile, so a client that
/// floods is stopped by SSH flow control once its window is used up, and nothing it sends is
/// queued here. The first time a client outruns the rate, the stages after it are told
/// (``SessionStageEvent/inputOverRate``): its store then runs at a lower CPU priority.
final class InputRateLimiter: ChannelDuplexHandler {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData
  typealias OutboundIn = SSHChannelData
  typealias OutboundOut = SSHChannelData

  private enum Gate {
    /// Reads go on.
    case open
    /// A read waits for the allowance to refill; further reads are the same read.
    case holding(Scheduled<Void>)
  }

  private var allowance: InputAllowance
  private var gate = Gate.open
  private var hasReportedOverRate = false
  private var time: LoopTime?

  init(rate: Int, burst: Int) {
    allowance = InputAllowance(rate: rate, burst: burst, now: .now)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let time = LoopTime(context.eventLoop)
    self.time = time
    allowance = InputAllowance(rate: allowance.rate, burst: allowance.burst, now: time.now(context.eventLoop))
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if case let .holding(refill) = gate { refill.cancel() }
    gate = .open
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let message = unwrapInboundIn(data)
    if case .channel = message.type, case let .byteBuffer(bytes) = message.data, let time {
      let now = time.now(context.eventLoop)
      allowance.spend(bytes.readableBytes, at: now)
      if allowance.available(at: now) <= 0, !hasReportedOverRate {
        hasReportedOverRate = true
        context.fireUserInboundEventTriggered(SessionStageEvent.inputOverRate)
      }
    }
    context.fireChannelRead(data)
  }

  func read(context: ChannelHandlerContext) {
    guard case .open = gate, let time else { return }
    let now = time.now(context.eventLoop)
    guard allowance.available(at: now) <= 0 else {
      context.read()
      return
    }
    let refill = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(allowance.wait(at: now))) { [self] in
      gate = .open
      read(context: context)
    }
    gate = .holding(refill)
  }
}
