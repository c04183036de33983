import Foundation
import NIOCore

/// How a session ends: the store told to end (and made to), its terminal drained, its place
/// given back, the client told the exit status.
extension StoreSession {
  /// What a shopper whose session a restart ended reads on their terminal.
  static let restartMessage = "This host of the store is restarting; your cart is saved. Connect again to go on shopping."

  // MARK: The store's terminal (told by the bridge)

  func ptyAttached() {
    guard case var .running(store) = state else { return }
    store.ptyIsOpen = true
    state = .running(store)
  }

  func ptyClosed() {
    guard case var .running(store) = state else { return }
    store.ptyIsOpen = false
    if let ending = store.ending {
      state = .running(store)
      end(status: ending.exitStatus)
      return
    }
    // Usually the store has just exited and the reaper is about to say so. If it has not, it
    // let go of its terminal without ending, and nobody can reach it any more.
    store.orphanTimer = schedule(after: .seconds(1)) { session in session.hangUp(because: "terminal closed") }
    state = .running(store)
  }

  func ptyFailed() {
    hangUp(because: "no terminal")
  }

  // MARK: Ending

  /// Tells a running store to save and exit (SIGHUP, as a terminal that went away would), and
  /// makes sure it does. Only the first reason counts.
  func hangUp(because reason: String) {
    guard case var .running(store) = state, store.hangUpReason == nil, store.ending == nil else { return }
    store.hangUpReason = reason
    let pid = store.pid
    let grace = services.configuration.limits.hangupGrace
    store.killTimer = schedule(after: grace) { session in
      guard case let .running(store) = session.state, store.ending == nil else { return }
      kill(pid, SIGKILL)
      session.logger.warning(
        "store killed", metadata: ["session": "\(session.number ?? 0)", "reason": "no exit \(grace) after SIGHUP"].merging(session.shopperField) { $1 }
      )
    }
    state = .running(store)
    bridge.storeHungUp()
    kill(pid, SIGHUP)
  }

  func storeEnded(_ ending: ChildReaper.Ending) {
    guard case var .running(store) = state else { return }
    store.ending = ending
    store.killTimer?.cancel()
    store.killTimer = nil
    state = .running(store)
    guard store.ptyIsOpen else {
      end(status: ending.exitStatus)
      return
    }
    // The pty closes once its last bytes are read; a client that takes none gets a moment.
    bridge.storeExited(on: connection.channel.eventLoop)
  }

  /// The session is over: its place goes back, a guest's home goes, the client gets `message`
  /// and the exit status, and the channel closes.
  func end(status: Int, message: String? = nil) {
    let store: RunningStore?
    switch state {
    case .ended: return
    case .waiting: store = nil
    case .starting:
      services.sessions.release()
      store = nil
    case let .running(running):
      services.sessions.release()
      store = running
    }
    state = .ended
    if countedAsActive {
      countedAsActive = false
      services.metrics.sessionEnded(sentBytes: sentBytes)
    }
    if let store {
      store.cancelTimers()
      services.sessions.ended(store.pid)
      if store.isGuestHome {
        let home = store.home
        _ = services.offLoop(on: connection.channel.eventLoop) { try? FileManager.default.removeItem(at: home) }
      }
      logger.info(
        "session ended",
        metadata: [
          "remote": "\(connection.remote)", "session": "\(number ?? 0)", "session_id": "\(sessionID)",
          "seconds": "\((ContinuousClock.now - store.started).components.seconds)", "ending": "\(store.endingDescription(status: status))",
        ].merging(shopperField) { $1 }
      )
    }
    let message = message ?? (store != nil && services.sessions.isRestarting ? Self.restartMessage : nil)
    sendExit(status: status, message: message)
  }

  /// Tells the client the exit status and closes the channel once it can take them: not while
  /// the connection re-keys (swift-nio-ssh would refuse the status and the close, and the
  /// client would wait for ever) nor while the bridge holds the store's last output — for at
  /// most ``PtyBridge/heldOutputPatience``, then regardless.
  private func sendExit(status: Int, message: String?, waited: TimeAmount = .zero) {
    guard !clientGone, let context else { return }
    if connection.reKeying || bridge.holdsOutput, waited < PtyBridge.heldOutputPatience {
      let retry = PtyBridge.heldOutputRetry
      connection.channel.eventLoop.assumeIsolated().scheduleTask(in: retry) { [self] in
        sendExit(status: status, message: message, waited: waited + retry)
      }
      return
    }
    SessionExit.send(status: status, message: message, on: context)
  }

  private func schedule(after delay: Duration, _ body: @escaping (StoreSession) -> Void) -> Scheduled<Void> {
    connection.channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in body(self) }
  }
}
