import Foundation
import StoreModels
import StoreTestSupport
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
    try await checkOut(session)
    try session.press(.enter)
    try await session.waitFor(text: answer)
    try session.press(.enter)
    try await session.waitFor(text: "Cart: empty")
  }

  /// Checkout as a person does it, from its first step: each field emptied (End, Ctrl-U) and
  /// `address` pasted in, the country found by its name, then Continue, delivery as it is, and
  /// the review's Place order; returns at the confirmation.
  static func checkOut(_ session: TerminalSession, address: ShippingAddress = .sample) async throws {
    try await fillAddress(session, address)
    try session.press("Enter")
    try await session.waitFor(text: "Checkout · 3/3")
    try session.press("Enter")
    try await session.waitFor(text: "Confirm your purchase")
  }

  /// Checkout's first step filled in with `address`, and on to delivery.
  static func fillAddress(_ session: TerminalSession, _ address: ShippingAddress = .sample) async throws {
    try await session.waitFor(text: "Checkout · 1/3")
    // Focus starts on the full name, or on the saved addresses when there are some.
    if session.text.contains("› Saved addresses") { try session.press("Tab") }
    for field in [ShippingAddress.Field.fullName, .line1, .line2, .city, .region, .postalCode] {
      try fill(session, with: address[field])
    }
    try session.paste(address.countryName)
    try session.press("Enter Tab")
    for field in [ShippingAddress.Field.email, .phone] {
      try fill(session, with: address[field])
    }
    // Past the phone: Continue (or the tick box, where Enter is done all the same).
    try session.press("Enter")
    try await session.waitFor(text: "Checkout · 2/3")
  }

  /// Empties the focused field, pastes `text` into it and goes on to the next.
  private static func fill(_ session: TerminalSession, with text: String) throws {
    try session.press("End C-u")
    if !text.isEmpty { try session.paste(text) }
    try session.press("Tab")
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
