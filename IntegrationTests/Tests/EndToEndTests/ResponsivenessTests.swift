import Foundation
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

/// Keys answered at once, timed on a real terminal.
struct ResponsivenessTests {
  /// Esc must feel instant: ncurses waits ESCDELAY after an Esc byte to tell it from the start
  /// of an arrow key's sequence — a second by default, 25 ms here. Esc is timed beside its
  /// anchor, `q`, which closes the cart through the same binding but is one plain byte, so
  /// nothing waits on it: from the key to the screen without the cart, five of each in turns.
  /// A busy machine slows both alike (947 ms for one try was once seen with a build and the
  /// other suites running; in a fresh clone's run, beside the light package's build, the
  /// quickest of three Esc came 505 ms after the quickest of three q), so what is checked is the
  /// difference of the quickest of each: under 25 ms plus noise here, a second with ncurses'
  /// default.
  @Test func escapeClosesTheCartAsQuicklyAsAPlainKey() async throws {
    let store = try StoreTerminal.start(["--latency", "0"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    let clock = ContinuousClock()
    var escape: [Duration] = []
    var plain: [Duration] = []
    /// Opens the cart, presses `key` once the screen is still, and times the cart's closing.
    func closingTime(_ key: Key) async throws -> Duration {
      try store.press("c")
      try await store.waitFor(text: "Cart ─")
      try await store.waitForIdle(quiet: .milliseconds(100))
      let pressed = clock.now
      try store.press(key)
      try await store.waitUntil("the cart closed") { !$0.plainText.contains("Cart ─") }
      return clock.now - pressed
    }
    for _ in 0..<5 {
      escape.append(try await closingTime(.escape))
      plain.append(try await closingTime(.character("q")))
    }
    let lag = try #require(escape.min()) - (try #require(plain.min()))
    #expect(lag < .milliseconds(500), "Esc answered in \(escape), q in \(plain)")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
  }
}
