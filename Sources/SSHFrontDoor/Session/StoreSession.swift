import Foundation
import Logging
import NIOCore
import NIOSSH
import StoreModels

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
///   and drops its output meanwhile (`StoreSession+Ending.swift`).
/// - **The end** comes when the store has exited and its terminal has closed (or been given a
///   moment to): its exit status goes to the client, and its place to the next shopper.
final class StoreSession: ChannelInboundHandler, PtyBridgeDelegate {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData

  /// Where the session is, each step with what it knows.
  enum State {
    /// No store asked for yet.
    case waiting
    /// A place among the sessions is held while the store is launched, off the event loop.
    case starting(SessionTerminal)
    /// The store runs, and holds the place.
    case running(RunningStore)
    case ended
  }

  let connection: ShopperConnection
  let bridge: PtyBridge
  var services: FrontDoorServices { connection.services }
  var logger: Logger { services.logger }
  var shopperName: String { connection.shopper?.logName ?? "?" }
  /// Who came in, as a log field: `shopper` or `operator`, and the key (or `guest`).
  var shopperField: Logger.Metadata { [connection.shopper?.logField ?? "shopper": "\(shopperName)"] }
  /// This session's number (``SessionRegistry/nextNumber()``), once it asked for a store.
  var number: Int?
  /// This session's id, random, for the logs of every program it reaches (``SessionVariable``).
  let sessionID = SessionVariable.newID()
  /// When the shopper asked for the store, on the event loop's clock, until its first output
  /// reached the connection (``FrontDoorMetrics/firstFrame(after:)``).
  private var askedAt: NIODeadline?
  /// Whether the store ran, so that its end is counted once (``FrontDoorMetrics/sessionEnded(sentBytes:)``).
  var countedAsActive = false
  private var keyTimes = KeyToFrameSampler()
  /// The bytes of the store's output sent to the shopper so far.
  private(set) var sentBytes = 0

  /// Internal, not private, so that `StoreSession+Ending.swift` can change it too.
  var state = State.waiting
  /// The client's channel has closed: nothing more is sent to it, whatever the store does.
  var clientGone = false
  var context: ChannelHandlerContext?

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
      slowDown()
    case SessionStageEvent.idle:
      // A store still starting is looked at again a timeout later; a session that never asks
      // for one is closed by the connection's no-store deadline.
      hangUp(because: "idle")
    case ChannelEvent.inputClosed:
      break  // The client sent EOF; the store goes on until the connection ends or it quits.
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    clientGone = true
    switch state {
    case .running: hangUp(because: "connection dropped")
    case .waiting: end(status: 0)
    case .starting, .ended: break  // A store still starting is hung up the moment it has started.
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
    guard case .waiting = state, let shopper = connection.shopper, let terminal else { return }
    guard connection.startStore() else {
      end(status: 1, message: "One store per connection: connect again to shop again.")
      return
    }
    switch services.sessions.admit() {
    case .admitted: break
    case .full:
      services.metrics.refused(.sessions)
      end(status: 1, message: "The store is full, try again in a minute.")
      return
    case .restarting:
      // A connection that logged in before the drain and asks for a shell during it.
      services.metrics.refused(.draining)
      end(status: 1, message: Self.restartMessage)
      return
    }
    askedAt = connection.channel.eventLoop.now
    state = .starting(terminal)
    let services = self.services
    let address = connection.address
    let number = services.sessions.nextNumber()
    self.number = number
    // A process title is readable by every local user: it names the session, not the shopper.
    let title = "onlinestore store: session \(number)"
    let session = NIOLoopBound(self, eventLoop: connection.channel.eventLoop)
    let sessionID = self.sessionID
    services.offLoop(on: connection.channel.eventLoop) {
      try StoreLaunch.launch(
        shopper: shopper, from: address, terminal: terminal, environment: environment, accessible: accessible, title: title, sessionID: sessionID,
        services: services
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
    // Only a session that is starting launches a store, and nothing ends one while it starts.
    guard case let .starting(terminal) = state else { return }
    state = .running(RunningStore(launched, terminal: terminal))
    services.metrics.sessionStarted()
    countedAsActive = true
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
        "remote": "\(connection.remote)", "client": "\(connection.address)", "session": "\(number ?? 0)", "session_id": "\(sessionID)",
        "term": "\(terminal.term)", "size": "\(terminal.columns)x\(terminal.rows)",
      ].merging(shopperField) { $1 }
    )
    if clientGone { hangUp(because: "connection dropped") }
    // Told again: a client gone while the store started may have let the bridge drop it.
    bridge.delegate = self
    bridge.storeStarted(controller: launched.controller, columns: terminal.columns, rows: terminal.rows, on: eventLoop)
  }

  /// A shopper who sends faster than the allowance has their store run at a lower CPU priority
  /// from then on: it may take as long as it needs, and the other stores keep their share.
  private func slowDown() {
    guard case var .running(store) = state, !store.isSlowed else { return }
    store.isSlowed = true
    state = .running(store)
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(store.pid), 10)
    let rate = services.configuration.limits.inputRate
    logger.info("store slowed", metadata: ["session": "\(number ?? 0)", "reason": "input faster than \(rate) bytes/s"].merging(shopperField) { $1 })
  }
}

extension StoreSession {
  /// Counts what reached the shopper (in all, and in this session), how long the first of it took from the request, and how
  /// long it followed a sampled key.
  func outputSent(bytes: Int) {
    services.metrics.sent(bytes)
    sentBytes += bytes
    let now = connection.channel.eventLoop.now
    if let wait = keyTimes.outputSent(at: now) { services.metrics.keyToFrame(after: wait) }
    guard let askedAt else { return }
    self.askedAt = nil
    services.metrics.firstFrame(after: .nanoseconds((now - askedAt).nanoseconds))
  }

  func inputWritten() {
    keyTimes.keyArrived(at: connection.channel.eventLoop.now)
  }
}
