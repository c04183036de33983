import CPseudoTerminal
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// What the bridge tells the stage that runs the store (``StoreSession``). A direct call, not a
/// pipeline event: the bridge goes on draining a store's terminal after the client's channel
/// has closed and its handlers have left the pipeline, and the store's stage must still hear
/// that the terminal closed.
protocol PtyBridgeDelegate: AnyObject {
  /// The store's terminal is open and being read.
  func ptyAttached()
  /// The store's terminal has closed: everything the store wrote has been read.
  func ptyClosed()
  /// The store's terminal could not be read.
  func ptyFailed()
}

/// What the bridge needs of the connection under the client's channel: whether its socket can
/// take more now, and a word when it can again.
protocol TransportWritability: AnyObject {
  var transportIsWritable: Bool { get }
  func whenTransportWritable(_ resume: @escaping () -> Void)
}

extension ShopperConnection: TransportWritability {}

/// The last stage of a session channel: bytes between the client and the store's terminal, each
/// way only as fast as the other side takes them.
///
/// - **Input** is asked of the client (`read`, which the ``InputRateLimiter`` may hold) only
///   while the terminal can take it, and not after the store was hung up.
/// - **Output** is read from the terminal only while the client's channel and the connection's
///   socket can take it; otherwise the store blocks in its own writes, not the server's memory.
///   With the client gone, it is read and dropped, so the store never blocks on a write nobody
///   reads.
/// - **Window changes** reach the store's terminal once it is open, and not after a hang-up.
/// - **The store's exit**: what it wrote last is read, and the terminal closed two seconds later
///   at the latest.
final class PtyBridge: ChannelDuplexHandler {
  typealias InboundIn = SSHChannelData
  typealias OutboundIn = SSHChannelData
  typealias OutboundOut = SSHChannelData

  /// Opens the controlling side of a store's terminal as a channel on `eventLoop`, with `relay`
  /// on it. A pipe channel in the server; an embedded one in tests.
  typealias Opener = (_ controller: Int32, _ eventLoop: any EventLoop, _ relay: PtyRelay) -> EventLoopFuture<any Channel>

  private struct Size: Equatable {
    var columns: Int
    var rows: Int
  }

  private enum Terminal {
    case notStarted
    case opening(controller: Int32)
    case open(any Channel, controller: Int32)
    case closed
  }

  /// Held until the terminal has closed, or could not be opened, or was never started: the
  /// store's stage must hear of the terminal after the client's channel has let go of both.
  var delegate: (any PtyBridgeDelegate)?
  private let transport: any TransportWritability
  private let logger: Logger
  private let open: Opener
  private var context: ChannelHandlerContext?
  private var terminal = Terminal.notStarted
  private var terminalIsWritable = true
  private var clientGone = false
  private var hungUp = false
  private var outputWaiting = false
  private var applied: Size?
  private var pending: Size?
  private var drain: Scheduled<Void>?

  init(transport: any TransportWritability, logger: Logger, open: @escaping Opener = PtyBridge.openPipe) {
    self.transport = transport
    self.logger = logger
    self.open = open
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
    if case .notStarted = terminal { delegate = nil }
  }

  // MARK: Told by the store's stage

  /// The store runs on the terminal whose controlling side is `controller`, `columns` × `rows`.
  func storeStarted(controller: Int32, columns: Int, rows: Int, on eventLoop: any EventLoop) {
    guard case .notStarted = terminal else { return }
    applied = Size(columns: columns, rows: rows)
    terminal = .opening(controller: controller)
    let bridge = NIOLoopBound(self, eventLoop: eventLoop)
    open(controller, eventLoop, PtyRelay(bridge: self)).whenComplete { result in
      let bridge = bridge.value
      switch result {
      case let .success(channel):
        guard case .opening = bridge.terminal else {
          channel.close(promise: nil)
          return
        }
        bridge.terminal = .open(channel, controller: controller)
        bridge.attached()
      case let .failure(error):
        Glibc.close(controller)
        bridge.terminal = .closed
        bridge.logger.error("store's terminal could not be read", metadata: ["error": "\(error)"])
        let delegate = bridge.delegate
        bridge.delegate = nil
        delegate?.ptyFailed()
      }
    }
  }

  /// The store was told to end: no more input or window changes go to it.
  func storeHungUp() {
    hungUp = true
  }

  /// The store has exited: its last output is read, and the terminal closed within two seconds.
  func storeExited(on eventLoop: any EventLoop) {
    readOutput()
    guard case let .open(channel, _) = terminal else { return }
    drain = eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
  }

  // MARK: The client's side

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case let SessionRequest.resize(columns, rows) = event else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    pending = Size(columns: columns, rows: rows)
    applyWindowSize()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let message = unwrapInboundIn(data)
    guard case .channel = message.type, case let .byteBuffer(bytes) = message.data, case let .open(channel, _) = terminal else { return }
    channel.write(bytes, promise: nil)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if case let .open(channel, _) = terminal { channel.flush() }
    readInput()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { readOutput() }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    clientGone = true
    readOutput()  // Now only to drop it.
    context.fireChannelInactive()
  }

  // MARK: The store's side (from its PtyRelay)

  func storeWrote(_ bytes: ByteBuffer) {
    guard !clientGone, let context else { return }
    context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
  }

  func storeOutputRead() {
    context?.flush()
    readOutput()
  }

  func terminalWritabilityChanged(_ writable: Bool) {
    terminalIsWritable = writable
    if writable { readInput() }
  }

  func terminalClosed() {
    terminal = .closed
    drain?.cancel()
    drain = nil
    let delegate = self.delegate
    self.delegate = nil
    delegate?.ptyClosed()
  }

  // MARK: Both ways

  private func attached() {
    delegate?.ptyAttached()
    if !clientGone {
      applyWindowSize()
      readInput()
    }
    readOutput()
  }

  /// Asks the client for more input, if the store can take it now.
  private func readInput() {
    guard case .open = terminal, terminalIsWritable, !clientGone, !hungUp, let context else { return }
    context.read()
  }

  /// Reads more of the store's output, if the client can take it now (or if nobody is there to
  /// take it: then it is dropped).
  private func readOutput() {
    guard case let .open(channel, _) = terminal else { return }
    guard !clientGone, let context else {
      channel.read()
      return
    }
    guard context.channel.isWritable else { return }  // `channelWritabilityChanged` resumes.
    guard transport.transportIsWritable else {
      guard !outputWaiting else { return }
      outputWaiting = true
      transport.whenTransportWritable { [weak self] in
        self?.outputWaiting = false
        self?.readOutput()
      }
      return
    }
    channel.read()
  }

  /// Gives the store's terminal the latest window size, once it is open.
  private func applyWindowSize() {
    guard case let .open(_, controller) = terminal, !hungUp, let size = pending else { return }
    pending = nil
    if applied != size {
      _ = pt_resize(controller, Int32(size.rows), Int32(size.columns))
      applied = size
    }
  }

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
