import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// HTTP/1.1 connections with deadlines: the next request within ``APILimits/idleTimeout``, its
/// head within ``APILimits/headerTimeout`` of its first byte, its body within
/// ``APILimits/bodyTimeout`` of its head, each answer written out within
/// ``APILimits/writeTimeout`` of its head; and at most ``APILimits/maximumPipelinedRequests``
/// requests sent ahead of their answers. A connection that misses one is closed. Hummingbird's
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
  /// Requests read in full whose answers are not yet written out.
  private var unanswered = 0
  /// The answer being written must be out by then: a client that does not read cannot keep the
  /// connection, or the server's shutdown, waiting.
  private var writeDeadline: Scheduled<Void>?

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
    case .end:
      enter(.responding)
      unanswered += 1
      // Requests sent far ahead of their answers are a client that is not reading them.
      guard unanswered <= limits.maximumPipelinedRequests else {
        context.close(promise: nil)
        leave()
        return
      }
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head:
      writeDeadline?.cancel()
      writeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.writeTimeout)) { [self] in
        context.close(promise: nil)
        leave()
      }
      context.write(data, promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      // The answer is out: the wait for the next request starts once it has been written.
      let written = promise ?? context.eventLoop.makePromise()
      written.futureResult.assumeIsolated().whenComplete { [self] _ in
        writeDeadline?.cancel()
        writeDeadline = nil
        unanswered = max(0, unanswered - 1)
        if phase == .responding, unanswered == 0 { enter(.idle) }
      }
      context.write(data, promise: written)
    }
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
    writeDeadline?.cancel()
    writeDeadline = nil
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
