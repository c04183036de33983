import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing

@testable import SSHFrontDoor

/// The bridge between the client's channel and the store's terminal, both embedded: bytes each
/// way only as fast as the other side takes them, and the terminal's end told to the store's
/// stage.
struct PtyBridgeTests {
  @Test func bytesGoBothWaysOnceTheTerminalIsOpen() throws {
    let bridged = Bridged()
    #expect(bridged.clientReads.count == 0, "nothing is asked of the client before the store runs")
    bridged.start()
    #expect(bridged.delegate.attached == 1)
    #expect(bridged.clientReads.count == 1 && bridged.terminalReads.count == 1)
    try bridged.client.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: "+j"))))
    #expect(try bridged.terminal.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "+j"))
    #expect(bridged.clientReads.count == 2, "more is asked for once the terminal took it")
    try bridged.storeWrites("a frame")
    let sent = try #require(try bridged.client.readOutbound(as: SSHChannelData.self))
    #expect(sent.type == .channel && sent.data == .byteBuffer(ByteBuffer(string: "a frame")))
    #expect(bridged.terminalReads.count == 2)
  }

  /// A client whose channel or socket takes nothing more stops the store's output where it is
  /// (the store blocks in its own writes), and it goes on when they take more.
  @Test func aClientThatTakesNothingStopsTheStoresOutputNotTheServersMemory() throws {
    let bridged = Bridged()
    bridged.start()
    bridged.client.isWritable = false
    try bridged.storeWrites("one")
    #expect(bridged.terminalReads.count == 1, "not read while the channel is full")
    bridged.client.isWritable = true
    bridged.client.pipeline.fireChannelWritabilityChanged()
    #expect(bridged.terminalReads.count == 2)
    bridged.transport.isWritable = false
    try bridged.storeWrites("two")
    try bridged.storeWrites("three")
    #expect(bridged.terminalReads.count == 2, "not read while the socket is full")
    #expect(bridged.transport.waiting.count == 1, "one wait, however often the store wrote")
    bridged.transport.becomeWritable()
    #expect(bridged.terminalReads.count == 3)
  }

  /// Once the client is gone, the store's output is read and dropped: it never blocks on a
  /// write nobody reads; and a hung-up store is asked for no more input.
  @Test func aGoneClientsStoreIsReadAndDroppedAndAskedNothing() throws {
    let bridged = Bridged()
    bridged.start()
    bridged.bridge.storeHungUp()
    try bridged.client.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: "x"))))
    #expect(bridged.clientReads.count == 1, "no input asked for after a hang-up")
    bridged.client.pipeline.fireChannelInactive()
    let reads = bridged.terminalReads.count
    for _ in 0..<5 { try bridged.storeWrites("a frame nobody sees") }
    #expect(bridged.terminalReads.count == reads + 5)
    #expect(try bridged.client.readOutbound(as: SSHChannelData.self) == nil)
  }

  /// Output the client's channel refuses — swift-nio-ssh 0.15.1 refuses a session's data while
  /// the client re-keys, and the store's frame was lost: an SSH session stalled on "Loading" —
  /// is held, nothing more is read from the store meanwhile, and it is sent, in order, once the
  /// channel takes it; while the connection says it cannot send, it is not even tried.
  @Test func outputTheChannelRefusesIsHeldAndSentInOrderLater() throws {
    let refusal = RefusingWrites()
    let bridged = Bridged(refusal)
    bridged.start()
    refusal.refusing = true
    try bridged.storeWrites("frame one")
    #expect(try bridged.client.readOutbound(as: SSHChannelData.self) == nil)
    #expect(bridged.terminalReads.count == 1, "nothing more is read from the store while output is held")
    bridged.loop.advanceTime(by: PtyBridge.heldOutputRetry)
    #expect(refusal.refused == 2, "tried again, and refused again")
    bridged.transport.isWritable = false  // A re-exchange began.
    bridged.loop.advanceTime(by: PtyBridge.heldOutputRetry * 10)
    #expect(refusal.refused == 2, "not tried while the connection cannot send")
    refusal.refusing = false
    bridged.transport.becomeWritable()
    #expect(try bridged.client.readOutbound(as: SSHChannelData.self) == nil, "tried a moment after, not at once")
    bridged.loop.advanceTime(by: PtyBridge.heldOutputRetry)
    let sent = try #require(try bridged.client.readOutbound(as: SSHChannelData.self))
    #expect(sent.data == .byteBuffer(ByteBuffer(string: "frame one")))
    #expect(bridged.terminalReads.count == 2, "the store is read again")
    try bridged.storeWrites("frame two")
    let next = try #require(try bridged.client.readOutbound(as: SSHChannelData.self))
    #expect(next.data == .byteBuffer(ByteBuffer(string: "frame two")))
  }

  /// Output refused for longer than the patience ends the session: a channel that never takes it
  /// again is not tried forever.
  @Test func outputRefusedPastThePatienceEndsTheSession() throws {
    let refusal = RefusingWrites()
    let bridged = Bridged(refusal)
    try bridged.client.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
    bridged.start()
    refusal.refusing = true
    try bridged.storeWrites("a frame")
    bridged.loop.advanceTime(by: PtyBridge.heldOutputPatience - PtyBridge.heldOutputRetry)
    #expect(bridged.client.isActive)
    bridged.loop.advanceTime(by: PtyBridge.heldOutputRetry * 2)
    #expect(!bridged.client.isActive, "closed once the patience has passed")
    let tries = refusal.refused
    #expect(tries <= Int(PtyBridge.heldOutputPatience.nanoseconds / PtyBridge.heldOutputRetry.nanoseconds) + 2)
    bridged.loop.advanceTime(by: PtyBridge.heldOutputPatience)
    #expect(refusal.refused == tries, "and not tried again")
  }

  @Test func anExitedStoresTerminalIsClosedWithinTwoSecondsAndTheStoreStageIsTold() throws {
    let bridged = Bridged()
    bridged.start()
    bridged.bridge.storeExited(on: bridged.loop)
    bridged.loop.advanceTime(by: .milliseconds(1_999))
    #expect(bridged.terminal.isActive && bridged.delegate.closed == 0)
    bridged.loop.advanceTime(by: .milliseconds(1))
    #expect(!bridged.terminal.isActive)
    #expect(bridged.delegate.closed == 1)
  }

  /// The client's channel lets go of the store's stage and the bridge when it closes; the
  /// bridge alone then keeps the stage until the terminal closes, so the stage hears of it (and
  /// ends the session, giving its place back) — and no cycle outlives it.
  @Test func theStoreStageHearsOfTheTerminalWhenOnlyTheBridgeHoldsIt() throws {
    let bridged = Bridged()
    var heard = 0
    weak var watched: BridgeDelegate?
    do {
      let delegate = BridgeDelegate { heard += 1 }
      watched = delegate
      bridged.bridge.delegate = delegate
    }
    bridged.start()
    try bridged.client.close().wait()
    #expect(watched != nil, "held while the terminal is open")
    try bridged.terminal.close().wait()
    #expect(heard == 1)
    #expect(watched == nil, "let go once the terminal has closed")
    // A bridge whose store never started lets go when the client's channel closes.
    let unstarted = Bridged()
    do { unstarted.bridge.delegate = BridgeDelegate() }
    weak let idle = unstarted.bridge.delegate as? BridgeDelegate
    #expect(idle != nil)
    try unstarted.client.close().wait()
    unstarted.loop.run()  // The pipeline lets go of its handlers once the close is done.
    #expect(idle == nil)
  }

  @Test func aTerminalThatCannotBeOpenedIsReportedAndItsDescriptorClosed() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[1]) }
    let delegate = BridgeDelegate()
    let bridge = PtyBridge(transport: Transport(), logger: Logger(label: "test")) { _, loop, _ in
      loop.makeFailedFuture(ChannelError.inappropriateOperationForState)
    }
    bridge.delegate = delegate
    let client = EmbeddedChannel(handlers: [bridge])
    bridge.storeStarted(controller: ends[0], columns: 80, rows: 24, on: client.embeddedEventLoop)
    #expect(delegate.failed == 1 && delegate.attached == 0)
    // Seen from the other end of the pipe, not by the closed descriptor's number: another test
    // of this process may be given that number again at once (and once was, failing a run).
    var writer = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
    #expect(poll(&writer, 1, 0) == 1 && writer.revents & Int16(POLLERR) != 0, "the controlling side is closed")
  }
}

/// A bridge between an embedded client channel and an embedded terminal, on one loop.
private final class Bridged {
  let loop = EmbeddedEventLoop()
  let clientReads = ReadCounter()
  let terminalReads = ReadCounter()
  let transport = Transport()
  let delegate = BridgeDelegate()
  let bridge: PtyBridge
  let client: EmbeddedChannel
  private(set) var terminal: EmbeddedChannel!

  init(_ refusal: RefusingWrites? = nil) {
    let loop = self.loop
    let terminalReads = self.terminalReads
    var opened: EmbeddedChannel?
    bridge = PtyBridge(transport: transport, logger: Logger(label: "test")) { _, _, relay in
      let terminal = EmbeddedChannel(handlers: [terminalReads, relay], loop: loop)
      // Open, as a pipe channel is: closing it then tells the relay.
      _ = terminal.connect(to: try! SocketAddress(ipAddress: "127.0.0.1", port: 9))
      opened = terminal
      return loop.makeSucceededFuture(terminal)
    }
    bridge.delegate = delegate
    let between: [any ChannelHandler] = refusal.map { [$0] } ?? []
    client = EmbeddedChannel(handlers: [clientReads] + between + [bridge], loop: loop)
    self.opener = { opened }
  }

  private var opener: () -> EmbeddedChannel? = { nil }

  func start() {
    bridge.storeStarted(controller: -1, columns: 80, rows: 24, on: loop)
    terminal = opener()
  }

  /// The store writes `text` to its terminal, and the read is complete.
  func storeWrites(_ text: String) throws {
    try terminal.writeInbound(ByteBuffer(string: text))
  }
}

/// Fails every write while ``refusing``, as swift-nio-ssh fails a session's data during a key
/// re-exchange.
private final class RefusingWrites: ChannelOutboundHandler {
  typealias OutboundIn = Any
  struct Refused: Error {}
  var refusing = false
  private(set) var refused = 0

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard refusing else { return context.write(data, promise: promise) }
    refused += 1
    promise?.fail(Refused())
  }
}

private final class Transport: TransportWritability {
  var isWritable = true
  var waiting: [() -> Void] = []
  var transportIsWritable: Bool { isWritable }

  func whenTransportWritable(_ resume: @escaping () -> Void) {
    if isWritable { resume() } else { waiting.append(resume) }
  }

  func becomeWritable() {
    isWritable = true
    let resumed = waiting
    waiting = []
    resumed.forEach { $0() }
  }
}

private final class BridgeDelegate: PtyBridgeDelegate {
  var attached = 0
  var closed = 0
  var failed = 0
  let onClosed: () -> Void

  init(onClosed: @escaping () -> Void = {}) {
    self.onClosed = onClosed
  }

  func ptyAttached() { attached += 1 }
  func ptyClosed() {
    closed += 1
    onClosed()
  }
  func ptyFailed() { failed += 1 }
}
