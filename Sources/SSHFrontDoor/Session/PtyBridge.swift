import CPseudoTerminal
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// The last stage of a session channel: bytes between the client and the store's terminal, each
/// way only as fast as the other side takes them.
///
/// - **Input** is asked of the client (`read`, which the ``InputRateLimiter`` may hold) only
///   while the terminal can take it, and not after the store was hung up.
/// - **Output** is read from the terminal only while the client's channel and the connection's
///   socket can take it; otherwise the store blocks in its own writes, not the server's memory.
///   With the client gone, it is read and dropped, so the store never blocks on a write nobody
///   reads.
/// - **Output the client's channel refuses** (swift-nio-ssh 0.15.1 refuses a session's data while
///   the client re-keys, and the connection may learn of the re-exchange a read too late) is
///   held, with no more read from the store, and tried again ``heldOutputRetry`` after the
///   connection can send, in order, for up to ``heldOutputPatience``; then the session ends.
///   (What the library refused still counted against the client's SSH window: a few frames per
///   re-exchange, and a connection gets few of those.)
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

  /// Held until the terminal has closed, or could not be opened, or was never started: the
  /// store's stage must hear of the terminal after the client's channel has let go of both.
  var delegate: (any PtyBridgeDelegate)?
  private let transport: any TransportWritability
  private let logger: Logger
  private let open: Opener
  private var context: ChannelHandlerContext?
  private var terminal = Terminal.notStarted
  /// The client's channel has closed: the store's output is read and dropped.
  private var clientGone = false
  /// The store was told to end: it gets no more input or window changes.
  private var hungUp = false
  /// A word is awaited from the connection that its socket takes more.
  private var outputWaiting = false
  /// The client's latest window size, until the terminal has it.
  private var pendingSize: Size?
  /// Output the client's channel refused, oldest first; the store is not read while there is
  /// any, so it is at most what one read brought.
  private var heldOutput: [ByteBuffer] = []
  /// When output was first refused, of what is held now.
  private var heldSince: NIODeadline?
  private var retryScheduled = false

  /// Whether output the client's channel refused is waiting to be sent again.
  var holdsOutput: Bool { !heldOutput.isEmpty }

  /// How soon held output is tried again once the connection can send.
  static let heldOutputRetry: TimeAmount = .milliseconds(10)
  /// How long output may go on being refused before the session is ended.
  static let heldOutputPatience: TimeAmount = .seconds(10)

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
    terminal = .opening(controller: controller, size: Size(columns: columns, rows: rows))
    let bridge = NIOLoopBound(self, eventLoop: eventLoop)
    open(controller, eventLoop, PtyRelay(bridge: self)).whenComplete { result in
      let bridge = bridge.value
      switch result {
      case let .success(channel):
        guard case let .opening(_, size) = bridge.terminal else {
          channel.close(promise: nil)
          return
        }
        bridge.terminal = .open(OpenTerminal(channel: channel, controller: controller, size: size))
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
    guard case var .open(pty) = terminal else { return }
    let channel = pty.channel
    pty.drain = eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    terminal = .open(pty)
  }

  // MARK: The client's side

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case let SessionRequest.resize(columns, rows) = event else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    pendingSize = Size(columns: columns, rows: rows)
    applyWindowSize()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let message = unwrapInboundIn(data)
    guard case .channel = message.type, case let .byteBuffer(bytes) = message.data, case let .open(pty) = terminal else { return }
    pty.channel.write(bytes, promise: nil)
    delegate?.inputWritten()
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if case let .open(pty) = terminal { pty.channel.flush() }
    readInput()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { readOutput() }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    clientGone = true
    heldOutput = []
    readOutput()  // Now only to drop it.
    context.fireChannelInactive()
  }

  // MARK: The store's side (from its PtyRelay)

  func storeWrote(_ bytes: ByteBuffer) {
    guard !clientGone, let context else { return }
    guard heldOutput.isEmpty else { return heldOutput.append(bytes) }
    send(bytes, context: context)
  }

  func storeOutputRead() {
    context?.flush()
    readOutput()
  }

  func terminalWritabilityChanged(_ writable: Bool) {
    guard case var .open(pty) = terminal else { return }
    pty.isWritable = writable
    terminal = .open(pty)
    if writable { readInput() }
  }

  func terminalClosed() {
    if case let .open(pty) = terminal { pty.drain?.cancel() }
    terminal = .closed
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
    guard case let .open(pty) = terminal, pty.isWritable, !clientGone, !hungUp, let context else { return }
    context.read()
  }

  /// Reads more of the store's output, if the client can take it now (or if nobody is there to
  /// take it: then it is dropped).
  private func readOutput() {
    guard case let .open(pty) = terminal else { return }
    guard !clientGone, let context else {
      pty.channel.read()
      return
    }
    guard heldOutput.isEmpty else { return }  // Read again once it has been sent.
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
    pty.channel.read()
  }

  /// Gives the store's terminal the latest window size, once it is open.
  private func applyWindowSize() {
    guard case var .open(pty) = terminal, !hungUp, let size = pendingSize else { return }
    pendingSize = nil
    guard pty.size != size else { return }
    _ = pt_resize(pty.controller, Int32(size.rows), Int32(size.columns))
    pty.size = size
    terminal = .open(pty)
  }

  // MARK: Held output

  /// Writes `bytes` to the client's channel; if the channel refuses them, they are held.
  private func send(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
    let written = context.eventLoop.makePromise(of: Void.self)
    written.futureResult.assumeIsolated().whenComplete { [self] result in
      switch result {
      case .success: delegate?.outputSent(bytes: bytes.readableBytes)
      case .failure: refused(bytes)
      }
    }
    context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: written)
  }

  private func refused(_ bytes: ByteBuffer) {
    guard !clientGone, let context else { return }
    heldOutput.append(bytes)
    if heldSince == nil { heldSince = context.eventLoop.now }
    scheduleRetry()
  }

  /// Tries the held output again ``heldOutputRetry`` after the connection says it can send.
  private func scheduleRetry() {
    guard !retryScheduled, let context else { return }
    retryScheduled = true
    transport.whenTransportWritable { [weak self] in
      context.eventLoop.assumeIsolated().scheduleTask(in: Self.heldOutputRetry) {
        guard let self else { return }
        self.retryScheduled = false
        guard self.transport.transportIsWritable else { return self.scheduleRetry() }
        self.retryHeldOutput()
      }
    }
  }

  private func retryHeldOutput() {
    guard !clientGone, let context, !heldOutput.isEmpty else { return }
    if let heldSince, context.eventLoop.now - heldSince >= Self.heldOutputPatience {
      logger.warning("session ended: the client's channel refused its output for \(Self.heldOutputPatience.nanoseconds / 1_000_000_000) s")
      heldOutput = []
      context.close(promise: nil)
      return
    }
    let retrying = heldOutput
    heldOutput = []
    for bytes in retrying { send(bytes, context: context) }
    context.flush()
    // swift-nio-ssh refuses as it is given the data, within the flush: what is held now was refused again.
    if heldOutput.isEmpty {
      heldSince = nil
      readOutput()
    }
  }
}
