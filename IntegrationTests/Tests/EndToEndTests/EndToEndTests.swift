import FlyingFox
import Foundation
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

/// The real program on a real terminal (`TerminalSession`: a pseudo-terminal with libvterm on
/// the other side), driven by keys and signals.
///
/// Each test gets its own state directory, so the user's saved cart is never touched, and each
/// checks that the program left the terminal as it found it: modes, pen and line settings.
struct EndToEndTests {
  @Test func aFullPurchaseWithTheEmbeddedCatalog() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(stateDirectory: state)
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+ j +")
    try await store.waitFor(text: "Cart: 2 items")
    try store.press("c")
    try await store.waitFor(text: "Quantity: 1")
    try store.press("d")
    try await store.waitFor(text: "Cart: 1 item ")
    try store.press("p")
    try await StoreTerminal.checkOut(store)
    try store.press(.enter)
    try await store.waitFor(text: "Thank you!")
    #expect(store.text.contains("Your order is in process. Your order number is 1."), "\(store.text)")
    try store.press(.enter)
    try await store.waitFor(text: "Cart: empty")
    #expect(!store.text.contains("[-]"), "every quantity is back to 0")
    #expect(!store.text.contains("Cart ─"), "the cart sheet closed")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
    #expect(try StoreTerminal.savedQuantities(in: state) == [:])
  }

  @Test func resizingInTheMiddleReflows() async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+")
    try await store.waitFor(text: "Cart: 1 item")
    try store.resize(to: Size(width: 60, height: 16))
    try await store.waitUntil("the key help on the 16th row") { $0.textRows[15].contains("quit") }
    #expect(store.text.contains("Cart: 1 item"), "\(store.text)")
    try store.resize(to: Size(width: 30, height: 8))
    try await store.waitFor(text: "Terminal too small")
    try store.resize(to: Size(width: 120, height: 30))
    try await store.waitFor(text: "★")  // the detail pane appears at 120 columns
    try store.press("c")
    try await store.waitFor(text: "Quantity: 1")
    try store.press(.escape)
    try await store.waitUntil("the cart sheet closed") { !$0.plainText.contains("Quantity: 1") }
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  /// Every way out, with the status a shell would report for it (128 + the signal's number
  /// for a process a signal ended).
  @Test(arguments: [
    ("q", Int32(0)),
    ("C-c", Int32(130)),
    ("TERM", Int32(143)),
    ("HUP", Int32(129)),
  ])
  func everyWayOutRestoresTheTerminal(way: String, status: Int32) async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(stateDirectory: state)
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+")
    try await store.waitFor(text: "Cart: 1 item")
    switch way {
    case "TERM": store.signal(SIGTERM)
    case "HUP": store.signal(SIGHUP)
    default: try store.press(way)
    }
    #expect(try await store.waitForExit().shellStatus == status)
    #expect(store.leftChanged.isEmpty, "alternate screen left, cursor shown, raw mode ended: \(store.leftChanged)")
    // The cart was saved on the way out, whichever way that was.
    #expect(try StoreTerminal.savedQuantities(in: state) == [1: 1])
  }

  /// A crash is the C guard's job: restore the settings, leave the alternate screen, show the
  /// cursor, then end the process with the same signal.
  @Test(arguments: [(SIGSEGV, Int32(128 + 11)), (SIGABRT, Int32(128 + 6)), (SIGILL, Int32(128 + 4))])
  func aCrashStillRestoresTheTerminal(signal: Int32, status: Int32) async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    store.signal(signal)
    #expect(try await store.waitForExit().shellStatus == status)
    try await store.waitFor(text: "onlinestore stopped unexpectedly; the terminal has been restored.")
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  @Test func theLogRecordsActionsAndTheirChanges() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let log = state.appendingPathComponent("actions.log")
    let store = try StoreTerminal.start(["--latency", "30", "--log", log.path], stateDirectory: state)
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+")
    try await store.waitFor(text: "Cart: 1 item")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("received action:"))
    #expect(text.contains("plusTapped"))
    #expect(text.contains("count: 1"))
  }

  @Test func aDumbTerminalGetsAMessageNotGarbage() async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory(), environment: ["TERM": "dumb"])
    try await store.waitFor(text: "onlinestore needs a full-screen terminal, and TERM=dumb is not one")
    #expect(try await store.waitForExit() == .exited(2))
    #expect(!store.text.contains("Products"), "no attempt at drawing")
    #expect(store.leftChanged.isEmpty, "the terminal was never touched: \(store.leftChanged)")
  }

  /// Terminals without an alternate screen keep what was drawn last: the store clears it on the
  /// way out, so the shell's prompt does not land on the footer.
  @Test(arguments: ["vt100", "linux"])
  func aTerminalWithoutAnAlternateScreenIsClearedOnExit(term: String) async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory(), environment: ["TERM": term])
    try await store.waitFor(text: "Dot-grid notebook")
    #expect(!store.modes.alternateScreen, "\(term) has no alternate screen")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(!store.text.contains("Dot-grid notebook") && !store.text.contains("q quit"), "\(store.text)")
  }

  @Test func theCartSurvivesARestart() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let first = try StoreTerminal.start(stateDirectory: state)
    try await first.waitFor(text: "Dot-grid notebook")
    try first.press("+ + j +")
    try await first.waitFor(text: "Cart: 3 items")
    try first.press("q")
    #expect(try await first.waitForExit() == .exited(0))

    let second = try StoreTerminal.start(stateDirectory: state)
    try await second.waitFor(text: "Cart: 3 items")
    try await second.waitFor(text: "[-]   2 [+]")
    try second.press("q")
    #expect(try await second.waitForExit() == .exited(0))
    #expect(second.leftChanged.isEmpty, "\(second.leftChanged)")
  }

  @Test func shopsAtALiveStore() async throws {
    let products = try Fixture.products.data
    let user = try Fixture.user1.data
    let server = try await StubStoreServer([
      "GET /products": { _ in .json(products) },
      "GET /users/1": { _ in .json(user) },
    ])
    let store = try StoreTerminal.start(["--api", server.baseURL.absoluteString], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Fjallraven")
    #expect(store.text.contains("$109.95"))
    try store.press("2")
    try await store.waitFor(text: "John Doe")
    try await store.waitFor(text: "john@gmail.com")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    await server.stop()
  }

  @Test func anUnreachableStoreShowsWhyAndRetryIsOffered() async throws {
    let port = try closedLocalPort()
    let store = try StoreTerminal.start(["--api", "http://127.0.0.1:\(port)"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "couldn't fetch")
    #expect(store.text.contains("Could not reach the store: the connection was refused"), "\(store.text)")
    #expect(store.text.contains("r retry"))
    try store.press("r")
    try await store.waitFor(text: "couldn't fetch")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }
}

extension TerminalSession.ExitStatus {
  /// The status as a shell reports it: the exit code, or 128 + the signal's number.
  var shellStatus: Int32 {
    switch self {
    case let .exited(code): code
    case let .signalled(number): 128 + number
    }
  }
}
