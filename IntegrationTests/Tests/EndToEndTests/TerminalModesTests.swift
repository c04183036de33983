import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

/// The terminal modes the store turns on — mouse reporting, bracketed paste — as the terminal
/// holds them while it runs, and off again on the way out.
struct TerminalModesTests {
  @Test(arguments: ["q", "C-c"])
  func mouseAndPasteAreOffAfterQuitting(key: String) async throws {
    let store = try StoreTerminal.start(["--latency", "0"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    let running = store.modes
    #expect(running.mouseTracking != .off && running.sgrMouseEncoding, "mouse reporting was on: \(running)")
    #expect(running.bracketedPaste && running.alternateScreen && !running.cursorVisible, "\(running)")
    try store.press(key)
    try await store.waitForExit()
    #expect(store.modes == .initial, "and off at the end: \(store.modes)")
  }

  @Test func noMouseLeavesTheMouseAlone() async throws {
    let store = try StoreTerminal.start(["--latency", "0", "--no-mouse"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    #expect(store.modes.mouseTracking == .off && !store.modes.sgrMouseEncoding, "\(store.modes)")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
  }
}
