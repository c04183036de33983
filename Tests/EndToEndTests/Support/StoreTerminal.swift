import Foundation
import TerminalKit
import TerminalKitTesting
import Testing

/// The built `onlinestore` on a terminal of its own: a `TerminalSession` (libvterm in this
/// process on the other side of a pseudo-terminal) with the store's state kept in a directory of
/// the test's.
enum StoreTerminal {
  /// How long the end-to-end tests' waits may take: a debug build's first frame took up to 10 s
  /// while every suite starts its programs at once on two busy cores (measured over 20 runs of
  /// the whole suite beside a release build). A wait ends as soon as its screen is there.
  static let timeout = Duration.seconds(30)

  /// The `onlinestore` built next to this test bundle.
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("onlinestore")
  }

  /// A fresh state directory, so a test never touches the user's saved cart.
  static func temporaryStateDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The quantities saved for `customer` at `store` (a directory name under `carts/`) in the
  /// state directory `state`.
  static func savedQuantities(in state: URL, store: String = "embedded", customer: String = "user-1") throws -> [Int: Int] {
    let file = state.appendingPathComponent("onlinestore/carts/\(store)/\(customer).json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let quantities = json?["quantities"] as? [String: Int] ?? [:]
    return Dictionary(uniqueKeysWithValues: quantities.map { (Int($0.key)!, $0.value) })
  }

  /// Starts the store with `arguments` on a terminal of `size`, its state in `stateDirectory`,
  /// with `environment` on top of the session's (`TERM=xterm-256color`, a UTF-8 locale).
  static func start(
    _ arguments: [String] = ["--latency", "30"],
    stateDirectory: URL,
    size: Size = Size(width: 80, height: 24),
    environment: [String: String] = [:]
  ) throws -> TerminalSession {
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw TestFailure("The store was not built: \(binary.path). Run 'swift build' first.")
    }
    return try TerminalSession(
      [binary.path] + arguments, size: size,
      environment: ["XDG_STATE_HOME": stateDirectory.path].merging(environment) { $1 }, timeout: timeout
    )
  }
}

extension StoreTerminal {
  /// A shopper's SSH client (`command`, an `ssh -tt …` line) on a terminal of its own; returns
  /// once `firstScreen` is there.
  static func connect(
    _ command: [String], environment: [String: String] = [:], firstScreen: String = "Dot-grid notebook"
  ) async throws -> TerminalSession {
    let session = try TerminalSession(command, environment: environment, timeout: timeout)
    try await session.waitFor(text: firstScreen)
    return session
  }

  /// Presses q and expects the store (and its SSH session, if any) to end with status 0 and the
  /// terminal as it was.
  static func quit(_ session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try session.press("q")
    #expect(try await session.waitForExit() == .exited(0), "q ends the session with status 0", sourceLocation: sourceLocation)
    #expect(session.leftChanged.isEmpty, "\(session.leftChanged)", sourceLocation: sourceLocation)
  }

  /// Opens the cart, pays, waits for `answer` (the order's confirmation), and closes it: the
  /// cart is empty again.
  static func payForTheCart(_ session: TerminalSession, expecting answer: String = "Thank you!") async throws {
    try session.press("c p")
    try await session.waitFor(text: "Confirm your purchase")
    try session.press(.enter)
    try await session.waitFor(text: answer)
    try session.press(.enter)
    try await session.waitFor(text: "Cart: empty")
  }

  /// Puts the first product and the second in the cart and waits for the cart to say so.
  static func addTheFirstTwoProducts(_ session: TerminalSession) async throws {
    try session.press("+")
    try await session.waitFor(text: "Cart: 1 item")
    try session.press("Down +")
    try await session.waitFor(text: "Cart: 2 items")
  }
}

/// Something a test's set-up could not do, in words.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
