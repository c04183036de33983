import CPseudoTerminal
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import StoreCommand

/// The stage of a session channel that runs the shopper's store: in a process of its own, on a
/// pseudo-terminal whose bytes the ``PtyBridge`` after it carries. The stages before it check
/// the requests (``SessionRequestValidator``), answer a session without a terminal
/// (``TerminalRequirement``), throttle window changes (``ResizeThrottle``),
/// watch for idleness (``IdleWatch``) and hold input to the shopper's allowance
/// (``InputRateLimiter``).
///
/// - **Starting** happens off the event loop (``StoreLaunch``: the shopper's home, their customer
///   number, the fork), after a place among ``FrontDoorLimits/maximumSessions``; one store per
///   connection.
/// - **A shopper who outruns the input allowance** has their store run at a lower CPU priority,
///   so the other stores do not notice.
/// - **A hang-up** (the client gone, the idle timeout, the server stopping) sends SIGHUP, and
///   SIGKILL ``FrontDoorLimits/hangupGrace`` later if the store has not ended; the bridge reads
///   and drops its output meanwhile.
/// - **The end** comes when the store has exited and its terminal has closed (or been given a
///   moment to): its exit status goes to the client, and its place to the next shopper.
final class StoreSession: ChannelInboundHandler, PtyBridgeDelegate {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData

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
  private let bridge: PtyBridge
  private var pid: pid_t?
  private var home: (url: URL, isGuest: Bool)?
  private var ptyIsOpen = false
  private var clientGone = false
  private var hungUp = false
  private var ending: ChildReaper.Ending?
  private var endingReason: String?
  private var terminal: SessionTerminal?
  private var lowered = false
  private var started = ContinuousClock.now
  private var timers: [String: Scheduled<Void>] = [:]

  /// The stage that runs the store for `connection`, and `bridge`, the stage after it, which
  /// carries the store's bytes.
  init(connection: ShopperConnection, bridge: PtyBridge) {
    self.connection = connection
    self.bridge = bridge
    bridge.delegate = self
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    // Nothing is read from the client unless the store can take it (see `PtyBridge`).
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

  func channelInactive(context: ChannelHandlerContext) {
    clientGone = true
    switch phase {
    case .running:
      hangUp(because: "connection dropped")
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
    // A start without a terminal was answered by the `TerminalRequirement` stage.
    guard phase == .waiting, let shopper = connection.shopper, let terminal else { return }
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
    // Told again: a client gone while the store started may have let the bridge drop it.
    bridge.delegate = self
    bridge.storeStarted(
      controller: launched.controller, columns: terminal?.columns ?? 80, rows: terminal?.rows ?? 24, on: eventLoop
    )
  }

  // MARK: The store's terminal (told by the bridge)

  func ptyAttached() {
    ptyIsOpen = true
  }

  func ptyClosed() {
    ptyIsOpen = false
    if let ending {
      end(status: ending.exitStatus)
    } else {
      // Usually the store has just exited and the reaper is about to say so. If it has not, it
      // let go of its terminal without ending, and nobody can reach it any more.
      schedule("orphaned", after: .seconds(1)) { session in session.hangUp(because: "terminal closed") }
    }
  }

  func ptyFailed() {
    hangUp(because: "no terminal")
  }

  /// A shopper who sends faster than the allowance has their store run at a lower CPU priority
  /// from then on: it may take as long as it needs, and the other stores keep their share.
  private func lowerPriority() {
    guard !lowered, let pid else { return }
    lowered = true
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10)
    logger.info("store slowed", metadata: ["shopper": "\(connection.shopper?.logName ?? "?")", "reason": "input faster than \(limits.inputRate) bytes/s"])
  }

  // MARK: Ending

  /// Tells the store to save and exit (SIGHUP, as a terminal that went away would), and makes
  /// sure it does.
  func hangUp(because reason: String) {
    guard phase == .running, !hungUp, ending == nil, let pid else { return }
    hungUp = true
    bridge.storeHungUp()
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
    bridge.storeExited(on: connection.channel.eventLoop)
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
    SessionExit.send(status: status, message: message, on: context)
  }

  private func schedule(_ name: String, after delay: Duration, _ body: @escaping (StoreSession) -> Void) {
    timers[name]?.cancel()
    timers[name] = connection.channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in
      timers[name] = nil
      body(self)
    }
  }
}
