import NIOCore
import NIOEmbedded
import NIOSSH
import Testing

@testable import SSHFrontDoor

/// The session pipeline's stages, each on an `EmbeddedChannel` with virtual time: what reaches
/// the stage after it, and what reaches the client's side.
struct SessionStagesTests {
  /// Input that outruns the allowance holds the store's requests for more: one read reaches the
  /// client's side once the allowance has refilled, however many were asked for meanwhile, and
  /// the store is told once that the client went over the rate.
  @Test func readsGoOnWhileTheAllowanceLastsAndOneIsHeldUntilItRefills() throws {
    let reads = ReadCounter()
    let seen = StageRecorder()
    let channel = EmbeddedChannel(handlers: [reads, InputRateLimiter(rate: 1_000, burst: 4_000), seen])
    channel.read()
    #expect(reads.count == 1, "the allowance starts full")
    try channel.writeInbound(Self.input(bytes: 4_000))
    #expect(seen.bytes == 4_000, "a read is passed on whole")
    #expect(seen.events == [.inputOverRate])
    for _ in 0..<1_000 { channel.read() }
    #expect(reads.count == 1, "held while the allowance is spent")
    channel.embeddedEventLoop.advanceTime(by: .microseconds(999))
    #expect(reads.count == 1)
    channel.embeddedEventLoop.advanceTime(by: .microseconds(1))
    #expect(reads.count == 2, "one read, a millisecond later: a byte's worth at 1,000 bytes a second")
    // Over the rate again: held again, and not reported twice.
    try channel.writeInbound(Self.input(bytes: 2_000))
    channel.read()
    #expect(reads.count == 2)
    #expect(seen.events == [.inputOverRate])
    channel.embeddedEventLoop.advanceTime(by: .seconds(2))
    #expect(reads.count == 3)
    _ = try channel.finish()
  }

  @Test func aClientThatSaysNothingIsReportedOncePerTimeoutAndInputStartsTheWaitAgain() throws {
    let seen = StageRecorder()
    let channel = EmbeddedChannel(handlers: [IdleWatch(timeout: .seconds(10)), seen])
    let loop = channel.embeddedEventLoop
    loop.advanceTime(by: .seconds(9))
    try channel.writeInbound(Self.input(bytes: 1))
    loop.advanceTime(by: .seconds(9))
    #expect(seen.events == [], "18 s in, 9 s after the last input")
    loop.advanceTime(by: .seconds(1))
    #expect(seen.events == [.idle])
    loop.advanceTime(by: .seconds(9))
    #expect(seen.events == [.idle])
    loop.advanceTime(by: .seconds(1))
    #expect(seen.events == [.idle, .idle], "again a timeout later")
    try channel.close().wait()
    loop.advanceTime(by: .seconds(100))
    #expect(seen.events == [.idle, .idle], "nothing once the session is over")
  }

  /// A client that sends a thousand window changes: the first goes on at once, the latest of
  /// the rest an interval later, and nothing else.
  @Test func windowChangesGoOnAtMostOncePerIntervalTheLatestWinning() throws {
    let seen = StageRecorder()
    let channel = EmbeddedChannel(handlers: [ResizeThrottle(interval: .milliseconds(250)), seen])
    let loop = channel.embeddedEventLoop
    channel.pipeline.fireUserInboundEventTriggered(SessionRequest.resize(columns: 80, rows: 24))
    #expect(seen.sizes.map(\.columns) == [80])
    for columns in 81...1_080 {
      channel.pipeline.fireUserInboundEventTriggered(SessionRequest.resize(columns: columns, rows: 24))
    }
    loop.advanceTime(by: .milliseconds(249))
    #expect(seen.sizes.map(\.columns) == [80])
    loop.advanceTime(by: .milliseconds(1))
    #expect(seen.sizes.map(\.columns) == [80, 1_080])
    loop.advanceTime(by: .seconds(1))
    #expect(seen.sizes.map(\.columns) == [80, 1_080], "nothing new, nothing passed")
    channel.pipeline.fireUserInboundEventTriggered(SessionRequest.resize(columns: 100, rows: 30))
    #expect(seen.sizes.map(\.columns) == [80, 1_080, 100], "open again: at once")
    // Other requests go through untouched.
    channel.pipeline.fireUserInboundEventTriggered(SessionRequest.start(terminal: nil, environment: [:], accessible: false))
    #expect(seen.starts == 1)
    _ = try channel.finish()
  }

  static func input(bytes count: Int) -> SSHChannelData {
    SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(repeating: UInt8(ascii: "x"), count: count)))
  }
}

/// Counts the requests to read that reach the head of a pipeline (the client's side of a
/// session channel, or a store's terminal).
final class ReadCounter: ChannelOutboundHandler {
  typealias OutboundIn = Any
  var count = 0

  func read(context: ChannelHandlerContext) {
    count += 1
    context.read()
  }
}

/// What a stage passes on to the stage after it.
private final class StageRecorder: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  var bytes = 0
  var events: [SessionStageEvent] = []
  var sizes: [(columns: Int, rows: Int)] = []
  var starts = 0

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case let .byteBuffer(buffer) = unwrapInboundIn(data).data { bytes += buffer.readableBytes }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let event as SessionStageEvent: events.append(event)
    case let SessionRequest.resize(columns, rows): sizes.append((columns, rows))
    case SessionRequest.start: starts += 1
    default: break
    }
  }
}

/// The first word on a session without a terminal.
struct TerminalRequirementTests {
  @Test func aStartWithoutATerminalIsAnsweredAndGoesNoFurther() throws {
    let seen = StageRecorder()
    let channel = EmbeddedChannel(handlers: [TerminalRequirement(), seen])
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
    channel.pipeline.fireUserInboundEventTriggered(SessionRequest.start(terminal: nil, environment: [:], accessible: false))
    #expect(seen.starts == 0, "the store's stage never hears of it")
    let said = try #require(try channel.readOutbound(as: SSHChannelData.self))
    #expect(said.type == .stdErr && said.data == .byteBuffer(ByteBuffer(string: TerminalRequirement.message + "\r\n")))
    channel.embeddedEventLoop.run()
    #expect(!channel.isActive, "and the channel closes")
  }

  @Test func aStartWithATerminalGoesOn() throws {
    let seen = StageRecorder()
    let channel = EmbeddedChannel(handlers: [TerminalRequirement(), seen])
    let terminal = SessionTerminal(term: "xterm-256color", columns: 80, rows: 24)
    channel.pipeline.fireUserInboundEventTriggered(SessionRequest.start(terminal: terminal, environment: [:], accessible: false))
    #expect(seen.starts == 1)
    #expect(try channel.readOutbound(as: SSHChannelData.self) == nil)
    _ = try channel.finish()
  }
}
