import Foundation
import StoreCommand

/// Starting a shopper's store: their home and customer number (an operator's back office
/// instead), the command, the fork onto a pseudo-terminal. Everything here blocks, so
/// ``StoreSession`` runs it on one of the front door's blocking threads.
enum StoreLaunch {
  /// A store that was started: its process and the controlling side of its pty.
  struct Launched: Sendable {
    var pid: pid_t
    var controller: Int32
    var home: URL
    var isGuestHome: Bool
  }

  /// The shopper's home and number, the command, the store: everything that blocks, on one of
  /// the front door's blocking threads.
  static func launch(
    shopper: Shopper, from address: ClientAddress, terminal: SessionTerminal, environment: [String: String], accessible: Bool,
    title: String, sessionID: String, services: FrontDoorServices
  ) throws -> Launched {
    var options = services.configuration.storeOptions
    options.accessible = accessible
    let home: URL
    let isGuest: Bool
    var admin: AdminOptions?
    switch shopper {
    case let .operatorKey(fingerprint):
      // An operator: the back office, never the shop; their home keeps their session's log.
      home = try services.state.shopperHome(fingerprint: fingerprint)
      isGuest = false
      admin = services.configuration.operators?.options
      admin?.operatorKey = fingerprint
      admin?.noColor = options.noColor
    case let .key(fingerprint):
      home = try services.state.shopperHome(fingerprint: fingerprint)
      isGuest = false
      options.user = try services.customers.number(for: fingerprint, from: address, now: Date())
      options.customer = "key-" + fingerprint
    case .guest:
      home = try services.state.makeGuestHome()
      isGuest = true
      options.guest = true
    }
    var command = StoreCommand(
      executable: services.configuration.storeExecutable, options: options, term: terminal.term, clientEnvironment: environment,
      stateDirectory: home.path, cacheDirectory: services.state.cache.path
    )
    command.admin = admin
    command.sessionID = sessionID
    command.metricsSocket = services.storeEvents?.path
    do {
      let (pid, controller) = try services.launcher.launch(
        command, title: title, rows: terminal.rows, columns: terminal.columns
      )
      services.reaper.childStarted()
      return Launched(pid: pid, controller: controller, home: home, isGuestHome: isGuest)
    } catch {
      if isGuest { try? FileManager.default.removeItem(at: home) }
      throw error
    }
  }
}
