import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// HTTP/1.1 connections with deadlines: the next request within ``APILimits/idleTimeout``, its
/// head within ``APILimits/headerTimeout`` of its first byte, its body within
/// ``APILimits/bodyTimeout`` of its head; a connection that misses one is closed. Hummingbird's
/// own HTTP/1 channel does the rest; this adds a watch of each request's phase to it.
struct DeadlineHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  private let inner: HTTP1Channel
  private let roster: ConnectionRoster

  init(responder: @escaping HTTPChannelHandler.Responder, limits: APILimits, roster: ConnectionRoster) {
    self.roster = roster
    inner = HTTP1Channel(
      responder: responder,
      configuration: .init(additionalChannelHandlers: [RequestPhaseWatch(limits: limits, roster: roster)])
    )
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      // Before the HTTP decoder: the first byte of a request starts its head's deadline.
      try channel.pipeline.syncOperations.addHandler(FirstByteWatch(), position: .first)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}

/// Follows one connection through its requests' phases and closes it when one takes too long.
final class RequestPhaseWatch: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let limits: APILimits
  private let roster: ConnectionRoster
  private var id: ConnectionRoster.ID?
  private var phase = ConnectionRoster.Phase.idle
  private var deadline: Scheduled<Void>?
  private var context: ChannelHandlerContext?

  init(limits: APILimits, roster: ConnectionRoster) {
    self.limits = limits
    self.roster = roster
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    let channel = context.channel
    id = roster.join { channel.close(promise: nil) }
    enter(.idle)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    leave()
  }

  func channelInactive(context: ChannelHandlerContext) {
    leave()
    context.fireChannelInactive()
  }

  /// Bytes came in: if the connection was idle, a request head has begun.
  func bytesArrived() {
    if phase == .idle { enter(.readingHead) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head: enter(.readingBody)
    case .body: break
    case .end: enter(.responding)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .end = unwrapOutboundIn(data) else {
      context.write(data, promise: promise)
      return
    }
    // The answer is out: the wait for the next request starts once it has been written.
    let written = promise ?? context.eventLoop.makePromise()
    written.futureResult.assumeIsolated().whenComplete { [self] _ in
      if phase == .responding { enter(.idle) }
    }
    context.write(data, promise: written)
  }

  private func enter(_ next: ConnectionRoster.Phase) {
    phase = next
    deadline?.cancel()
    deadline = nil
    if let id { roster.moved(id, to: next) }
    let limit: Duration? =
      switch next {
      case .idle: limits.idleTimeout
      case .readingHead: limits.headerTimeout
      case .readingBody: limits.bodyTimeout
      case .responding: nil
      }
    guard let limit, let context else { return }
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { [self] in
      context.close(promise: nil)
      leave()
    }
  }

  private func leave() {
    deadline?.cancel()
    deadline = nil
    if let id { roster.left(id) }
    id = nil
  }
}

/// Sits before the HTTP decoder and tells the connection's ``RequestPhaseWatch`` when bytes
/// arrive, which the decoder keeps to itself until a whole head is in.
final class FirstByteWatch: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  private var watch: RequestPhaseWatch?

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if watch == nil { watch = try? context.pipeline.syncOperations.handler(type: RequestPhaseWatch.self) }
    watch?.bytesArrived()
    context.fireChannelRead(data)
  }
}
