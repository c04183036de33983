import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// HTTP/1.1 connections with deadlines: the next request within ``APILimits/idleTimeout``, its
/// head within ``APILimits/headerTimeout`` of its first byte, its body within
/// ``APILimits/bodyTimeout`` of its head and no slower than ``APILimits/minimumBodyBytesPerSecond``
/// after ``APILimits/bodyRateGrace``, each answer written out within ``APILimits/writeTimeout``
/// of its head; and at most ``APILimits/maximumPipelinedRequests`` requests sent ahead of their
/// answers. A connection that misses one is closed. A request answered before its body has
/// arrived — refused by its token, its size or its route — is answered with `Connection: close`
/// and its connection closed, so that the rest of its body holds nothing. Hummingbird's own HTTP/1
/// channel does the rest; this adds a watch of each request's phase to it.
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
  /// The body under way: when its head ended, the bytes of it so far, and the next look at its pace.
  private var bodyStarted: NIODeadline?
  private var bodyBytes = 0
  private var bodyPace: Scheduled<Void>?
  /// The answer was begun while the request's body was still arriving: close once it is out.
  private var closesAfterAnswer = false

  init(limits: APILimits, roster: ConnectionRoster) {
    self.limits = limits
    self.roster = roster
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    let channel = context.channel
    guard let id = roster.join(from: PeerAddress(channel.remoteAddress), close: { channel.close(promise: nil) }) else {
      // This address holds its most connections already.
      context.close(promise: nil)
      return
    }
    self.id = id
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
    case .head:
      enter(.readingBody)
      bodyStarted = context.eventLoop.now
      bodyBytes = 0
      watchBodyPace(context: context)
    case let .body(buffer):
      bodyBytes += buffer.readableBytes
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
    case var .head(response):
      if phase == .readingBody {
        // Answered before its body arrived: the rest of it is not read, nor waited for.
        closesAfterAnswer = true
        response.headerFields[.connection] = "close"
      }
      writeDeadline?.cancel()
      writeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.writeTimeout)) { [self] in
        context.close(promise: nil)
        leave()
      }
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      // The answer is out: the wait for the next request starts once it has been written.
      let written = promise ?? context.eventLoop.makePromise()
      written.futureResult.assumeIsolated().whenComplete { [self] _ in
        if closesAfterAnswer {
          context.close(promise: nil)
          leave()
          return
        }
        writeDeadline?.cancel()
        writeDeadline = nil
        unanswered = max(0, unanswered - 1)
        if phase == .responding, unanswered == 0 { enter(.idle) }
      }
      context.write(data, promise: written)
    }
  }

  /// Looks at the body's pace every second while it arrives: past the grace, fewer bytes than
  /// the minimum rate would have brought since the head ends the connection.
  private func watchBodyPace(context: ChannelHandlerContext) {
    bodyPace?.cancel()
    bodyPace = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
      guard phase == .readingBody, let started = bodyStarted else { return }
      let elapsed = context.eventLoop.now - started
      let grace = TimeAmount(limits.bodyRateGrace)
      let owed = elapsed > grace ? Int((elapsed - grace).nanoseconds / 1_000_000) * limits.minimumBodyBytesPerSecond / 1_000 : 0
      if bodyBytes < owed {
        context.close(promise: nil)
        leave()
      } else {
        watchBodyPace(context: context)
      }
    }
  }

  private func enter(_ next: ConnectionRoster.Phase) {
    if phase == .readingBody, next != .readingBody {
      bodyPace?.cancel()
      bodyPace = nil
      bodyStarted = nil
    }
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
    bodyPace?.cancel()
    bodyPace = nil
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
