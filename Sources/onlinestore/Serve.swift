import ArgumentParser
import Foundation
import Logging
import SSHFrontDoor

/// `onlinestore serve`: the store over SSH, for many shoppers at once.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the store over SSH: anyone who connects with ssh -t is shopping.",
    discussion: """
      Any public key may shop (or only those in --authorized-keys); the key's SHA256 \
      fingerprint is the customer, whose cart is kept between logins and restarts. A client \
      without a key is let in as a guest through password authentication with any password; a \
      guest's cart lasts for the connection. Each session runs the store in a process of its \
      own on a pseudo-terminal.
      """
  )

  @Option(help: ArgumentHelp("Where to listen.", valueName: "host:port"))
  var listen = "0.0.0.0:2222"

  @Option(name: .customLong("state-dir"), help: ArgumentHelp("The host key and the customers' carts (default: $XDG_STATE_HOME/onlinestore/serve).", valueName: "dir"))
  var stateDirectory: String?

  @Option(name: .customLong("max-sessions"), parsing: .unconditional, help: ArgumentHelp("Sessions at once; more are told to come back later.", valueName: "n"))
  var maxSessions = 200

  @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp("End a session after this long without a key (its cart is saved).", valueName: "seconds"))
  var idleTimeout = 1800

  @Option(name: .customLong("authorized-keys"), help: ArgumentHelp("Only these keys may shop (an OpenSSH authorized_keys file); no guests.", valueName: "file"))
  var authorizedKeys: String?

  @Flag(name: .customLong("exec-each-store"), help: .hidden)
  var execEachStore = false

  @OptionGroup var data: DataOptions

  func validate() throws {
    guard parsedListen != nil else {
      throw ValidationError("--listen needs HOST:PORT, such as 0.0.0.0:2222 or 127.0.0.1:0 (got '\(listen)').")
    }
    guard (1...100_000).contains(maxSessions) else { throw ValidationError("--max-sessions needs a number from 1 to 100000 (got \(maxSessions)).") }
    guard (1...604_800).contains(idleTimeout) else { throw ValidationError("--idle-timeout needs seconds from 1 to 604800 (got \(idleTimeout)).") }
  }

  private var parsedListen: (host: String, port: Int)? {
    guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65_535).contains(port) else { return nil }
    let host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return host.isEmpty ? nil : (host, port)
  }

  func run() async throws {
    LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
    let logger = Logger(label: "onlinestore.serve")
    var fingerprints: Set<String>?
    if let authorizedKeys {
      guard let text = try? String(contentsOfFile: authorizedKeys, encoding: .utf8) else {
        throw ValidationError("--authorized-keys: \(authorizedKeys) cannot be read.")
      }
      fingerprints = ShopperAuthenticatorKeys.fingerprints(inAuthorizedKeys: text)
    }
    let state = stateDirectory.map { URL(fileURLWithPath: $0) } ?? Self.defaultStateDirectory
    let (host, port) = parsedListen!
    let configuration = FrontDoorConfiguration(
      host: host, port: port, stateDirectory: state, maxSessions: maxSessions, idleTimeout: .seconds(idleTimeout),
      authorizedFingerprints: fingerprints, storeExecutable: Self.executablePath, storeArguments: data.arguments,
      guestCustomerNumber: data.user, forksStores: !execEachStore
    )
    let door: FrontDoor
    do {
      door = try await FrontDoor.open(configuration, logger: logger)
    } catch {
      FileHandle.standardError.write(Data("onlinestore serve: \(error)\n".utf8))
      throw ExitCode(1)
    }
    signal(SIGPIPE, SIG_IGN)
    let stop = AsyncStream<Int32>.makeStream()
    let sources = [SIGTERM, SIGINT].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number)
      source.setEventHandler { stop.continuation.yield(number) }
      source.resume()
      return source
    }
    // One line, written at once, when connections are accepted: scripts wait for it.
    let ready = "onlinestore serve: listening on \(host):\(door.address.port ?? port) (host key \(door.hostKey.fingerprint))\n"
    FileHandle.standardOutput.write(Data(ready.utf8))
    for await number in stop.stream {
      logger.info("stopping", metadata: ["signal": "\(number)", "sessions": "\(door.sessionCount)"])
      break
    }
    await door.stop(grace: .seconds(5))
    sources.forEach { $0.cancel() }
  }

  static var defaultStateDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return URL(fileURLWithPath: base).appendingPathComponent("onlinestore/serve")
  }

  /// This program, which every session runs.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}
