import CPseudoTerminal
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import StoreCommand

/// The last stage of a session channel: the shopper's store, in a process of its own on a
/// pseudo-terminal, with bytes copied both ways and every way a client could make it grow bound.
/// The stages before it (see `FrontDoor`) check the requests (``SessionRequestValidator``),
/// throttle window changes (``ResizeThrottle``), watch for idleness (``IdleWatch``) and hold
/// input to the shopper's allowance (``InputRateLimiter``).
///
/// - **Starting** happens off the event loop (the shopper's home, their customer number, the
///   fork), after a place among ``FrontDoorLimits/maximumSessions``; one store per connection.
/// - **Input** is asked of the client only while the pty can take it; otherwise nothing is read,
///   so SSH flow control stops the client once its window is used up. A store whose shopper
///   outruns the input allowance runs at a lower CPU priority, so the other stores do not notice.
/// - **Output** is read from the pty only while the client's channel and the connection's socket
///   can take it; otherwise the store blocks in its own writes, not the server's memory.
/// - **Window changes** reach the store as they come from the throttle; before it runs, the
///   latest waits for it; after a hang-up, none.
/// - **A hang-up** (the client gone, the idle timeout, the server stopping) sends SIGHUP, and
///   SIGKILL ``FrontDoorLimits/hangupGrace`` later if the store has not ended; meanwhile its
///   output is read and dropped, so it can never block on a write nobody reads.
/// - **The end** comes when the store has exited and its pty has closed (or been given a moment
///   to): its exit status goes to the client, and its place to the next shopper.
final class StoreSession: ChannelDuplexHandler {
  typealias InboundIn = SSHChannelData
  typealias OutboundIn = SSHChannelData
  typealias OutboundOut = SSHChannelData

  private enum Phase {
    case waiting, starting, running, ended
  }

  private let connection: ShopperConnection
  private var services: FrontDoorServices { connection.services }
  private var limits: FrontDoorLimits { services.configuration.limits }
  private var logger: Logger { services.logger }

  private var context: ChannelHandlerContext?
  private var phase = Phase.waiting
  private var holdsPlace = false
  private var pid: pid_t?
  private var controller: Int32 = -1
  private var home: (url: URL, isGuest: Bool)?
  private var pty: Channel?
  private var ptyIsOpen = false
  private var ptyIsWritable = true
  private var clientGone = false
  private var hungUp = false
  private var ending: ChildReaper.Ending?
  private var endingReason: String?
  private var terminal: SessionTerminal?
  private var appliedSize: (columns: Int, rows: Int)?
  private var pendingSize: (columns: Int, rows: Int)?
  private var outputWaiting = false
  private var lowered = false
  private var started = ContinuousClock.now
  private var timers: [String: Scheduled<Void>] = [:]

  init(connection: ShopperConnection) {
    self.connection = connection
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    // Nothing is read from the client unless the store can take it (see `readInput`).
    _ = context.channel.setOption(ChannelOptions.autoRead, value: false)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
  }

  // MARK: The client's side

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let SessionRequest.start(terminal, environment, accessible):
      start(terminal: terminal, environment: environment, accessible: accessible)
    case let SessionRequest.resize(columns, rows):
      pendingSize = (columns, rows)
      applyWindowSize()
    case SessionStageEvent.inputOverRate:
      lowerPriority()
    case SessionStageEvent.idle:
      // A store still starting is looked at again a timeout later; a session that never asks
      // for one is closed by the connection's no-store deadline.
      if phase == .running { hangUp(because: "idle") }
    case ChannelEvent.inputClosed:
      break  // The client sent EOF; the store goes on until the connection ends or it quits.
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let message = unwrapInboundIn(data)
    guard case .channel = message.type, case let .byteBuffer(bytes) = message.data, let pty, ptyIsOpen else { return }
    pty.write(bytes, promise: nil)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    pty?.flush()
    readInput()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { readOutput() }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    clientGone = true
    switch phase {
    case .running:
      hangUp(because: "connection dropped")
      readOutput()  // Now only to drop it.
    case .waiting:
      end(status: 0)
    case .starting, .ended:
      break  // A store still starting is hung up the moment it has started.
    }
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.debug("session error", metadata: ["remote": "\(connection.remote)", "error": "\(error)"])
    context.close(promise: nil)
  }

  // MARK: Starting

  private func start(terminal: SessionTerminal?, environment: [String: String], accessible: Bool) {
    guard phase == .waiting, let shopper = connection.shopper else { return }
    guard let terminal else {
      end(status: 1, message: "The store needs a terminal: connect with ssh -t.")
      return
    }
    guard connection.startStore() else {
      end(status: 1, message: "One store per connection: connect again to shop again.")
      return
    }
    switch services.sessions.admit() {
    case .admitted: break
    case .full:
      end(status: 1, message: "The store is full, try again in a minute.")
      return
    case .restarting:
      // A connection that logged in before the drain and asks for a shell during it.
      end(status: 1, message: Self.restartMessage)
      return
    }
    holdsPlace = true
    phase = .starting
    self.terminal = terminal
    appliedSize = (terminal.columns, terminal.rows)
    let services = self.services
    let address = connection.address
    let title = "onlinestore store: \(shopper.logName)"
    let session = NIOLoopBound(self, eventLoop: connection.channel.eventLoop)
    services.offLoop(on: connection.channel.eventLoop) {
      try StoreLaunch.launch(
        shopper: shopper, from: address, terminal: terminal, environment: environment, accessible: accessible, title: title, services: services
      )
    }.whenComplete { result in
      let session = session.value
      switch result {
      case let .success(launched): session.attach(launched)
      case let .failure(error): session.failedToStart(error)
      }
    }
  }

  private func failedToStart(_ error: any Error) {
    logger.error("session failed to start", metadata: ["remote": "\(connection.remote)", "error": "\(error)"])
    let message =
      if let error = error as? KeyCustomersError, case .tooManyNewKeys = error {
        "Too many new keys have come from your address this hour; please shop with a key you used before, or try again later."
      } else {
        "The store could not start here; please try again later."
      }
    end(status: 1, message: message)
  }

  private func attach(_ launched: StoreLaunch.Launched) {
    pid = launched.pid
    controller = launched.controller
    home = (launched.home, launched.isGuestHome)
    started = .now
    if services.sessions.started(launched.pid) {
      // The drain began while this store was starting: it hears of it as the others did.
      kill(launched.pid, SIGUSR1)
    }
    let eventLoop = connection.channel.eventLoop
    let session = NIOLoopBound(self, eventLoop: eventLoop)
    services.reaper.whenEnded(launched.pid) { ending in
      eventLoop.execute { session.value.storeEnded(ending) }
    }
    logger.info(
      "session started",
      metadata: [
        "remote": "\(connection.remote)", "client": "\(connection.address)", "shopper": "\(connection.shopper?.logName ?? "?")",
        "term": "\(terminal?.term ?? "?")", "size": "\(terminal.map { "\($0.columns)x\($0.rows)" } ?? "?")",
      ]
    )
    phase = .running
    if clientGone { hangUp(because: "connection dropped") }
    NIOPipeBootstrap(group: eventLoop)
      .channelOption(ChannelOptions.autoRead, value: false)
      .channelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 16 * 1_024, high: 64 * 1_024))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(PtyRelay(session: session.value))
        }
      }
      .takingOwnershipOfDescriptor(inputOutput: launched.controller)
      .whenComplete { result in
        let session = session.value
        switch result {
        case let .success(channel):
          guard session.phase != .ended else {
            channel.close(promise: nil)
            return
          }
          session.pty = channel
          session.ptyIsOpen = true
          session.ptyAttached()
        case let .failure(error):
          Glibc.close(launched.controller)
          session.logger.error("store's terminal could not be read", metadata: ["error": "\(error)"])
          session.hangUp(because: "no terminal")
        }
      }
  }

  private func ptyAttached() {
    if clientGone {
      readOutput()
      return
    }
    applyWindowSize()
    readInput()
    readOutput()
  }

  // MARK: Bytes both ways

  /// Asks the client for more input, if the store can take it now (the ``InputRateLimiter``
  /// before this stage passes the request on while the shopper's allowance lasts).
  private func readInput() {
    guard phase == .running, ptyIsOpen, ptyIsWritable, !clientGone, !hungUp, let context else { return }
    context.read()
  }

  /// Reads more of the store's output, if the client can take it now (or if nobody is there to
  /// take it: then it is dropped, so the store never blocks writing).
  private func readOutput() {
    guard let pty, ptyIsOpen else { return }
    guard !clientGone, let context else {
      pty.read()
      return
    }
    guard context.channel.isWritable else { return }  // `channelWritabilityChanged` resumes.
    guard connection.transportIsWritable else {
      guard !outputWaiting else { return }
      outputWaiting = true
      connection.whenTransportWritable { [weak self] in
        self?.outputWaiting = false
        self?.readOutput()
      }
      return
    }
    pty.read()
  }

  func storeWrote(_ bytes: ByteBuffer) {
    guard !clientGone, let context else { return }
    context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
  }

  func storeOutputRead() {
    context?.flush()
    readOutput()
  }

  func ptyWritabilityChanged(_ writable: Bool) {
    ptyIsWritable = writable
    if writable { readInput() }
  }

  func ptyClosed() {
    ptyIsOpen = false
    pty = nil
    if let ending {
      end(status: ending.exitStatus)
    } else {
      // Usually the store has just exited and the reaper is about to say so. If it has not, it
      // let go of its terminal without ending, and nobody can reach it any more.
      schedule("orphaned", after: .seconds(1)) { session in session.hangUp(because: "terminal closed") }
    }
  }

  /// A shopper who sends faster than the allowance has their store run at a lower CPU priority
  /// from then on: it may take as long as it needs, and the other stores keep their share.
  private func lowerPriority() {
    guard !lowered, let pid else { return }
    lowered = true
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10)
    logger.info("store slowed", metadata: ["shopper": "\(connection.shopper?.logName ?? "?")", "reason": "input faster than \(limits.inputRate) bytes/s"])
  }

  /// Gives the store the latest window size the throttle passed on, once it runs.
  private func applyWindowSize() {
    guard phase == .running, ptyIsOpen, !hungUp, let size = pendingSize else { return }
    pendingSize = nil
    if appliedSize.map({ $0 != size }) ?? true {
      _ = pt_resize(controller, Int32(size.rows), Int32(size.columns))
      appliedSize = size
    }
  }

  // MARK: Ending

  /// Tells the store to save and exit (SIGHUP, as a terminal that went away would), and makes
  /// sure it does.
  func hangUp(because reason: String) {
    guard phase == .running, !hungUp, ending == nil, let pid else { return }
    hungUp = true
    endingReason = endingReason ?? reason
    kill(pid, SIGHUP)
    let grace = limits.hangupGrace
    schedule("kill", after: grace) { session in
      guard session.ending == nil else { return }
      kill(pid, SIGKILL)
      session.logger.warning("store killed", metadata: ["shopper": "\(session.connection.shopper?.logName ?? "?")", "reason": "no exit \(grace) after SIGHUP"])
    }
  }

  private func storeEnded(_ ending: ChildReaper.Ending) {
    self.ending = ending
    timers.removeValue(forKey: "kill")?.cancel()
    guard ptyIsOpen else {
      end(status: ending.exitStatus)
      return
    }
    // The pty closes once its last bytes are read; a client that takes none gets a moment.
    readOutput()
    schedule("drain", after: .seconds(2)) { session in session.pty?.close(promise: nil) }
  }

  /// What a shopper whose session a restart ended reads on their terminal.
  static let restartMessage = "This host of the store is restarting; your cart is saved. Connect again to go on shopping."

  /// The session is over: its place goes back, a guest's home goes, the client gets `message`
  /// and the exit status, and the channel closes.
  private func end(status: Int, message: String? = nil) {
    guard phase != .ended else { return }
    let wasRunning = phase == .running
    phase = .ended
    timers.values.forEach { $0.cancel() }
    timers = [:]
    if holdsPlace {
      services.sessions.release()
      holdsPlace = false
    }
    if let pid { services.sessions.ended(pid) }
    if let home, home.isGuest {
      let url = home.url
      _ = services.offLoop(on: connection.channel.eventLoop) { try? FileManager.default.removeItem(at: url) }
    }
    if wasRunning {
      let how = ending?.signal.map { "store ended by signal \($0)" } ?? endingReason ?? "store exited \(status)"
      logger.info(
        "session ended",
        metadata: [
          "remote": "\(connection.remote)", "shopper": "\(connection.shopper?.logName ?? "?")",
          "seconds": "\((ContinuousClock.now - started).components.seconds)", "ending": "\(how)",
        ]
      )
    }
    guard !clientGone, let context else { return }
    let message = message ?? (wasRunning && services.sessions.isRestarting ? Self.restartMessage : nil)
    if let message {
      var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 2)
      buffer.writeString(message + "\r\n")
      context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
    }
    let channel = context.channel
    context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  private func schedule(_ name: String, after delay: Duration, _ body: @escaping (StoreSession) -> Void) {
    timers[name]?.cancel()
    timers[name] = connection.channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in
      timers[name] = nil
      body(self)
    }
  }
}
