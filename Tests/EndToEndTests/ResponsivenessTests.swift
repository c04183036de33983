import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

/// Keys answered at once, timed on a real terminal.
struct ResponsivenessTests {
  /// Esc must feel instant: ncurses waits ESCDELAY after an Esc byte to tell it from the start
  /// of an arrow key's sequence — a second by default, 25 ms here. Timed from the key to the
  /// screen without the cart (the session looks every 20 ms). Alone it takes about 60 ms; the
  /// bound leaves room for a machine the other suites keep busy (440 ms was seen there) and
  /// still tells 25 ms from ncurses' default second.
  @Test func escapeClosesTheCartAtOnce() async throws {
    let store = try StoreTerminal.start(["--latency", "0"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    let clock = ContinuousClock()
    for _ in 0..<2 {
      try store.press("c")
      try await store.waitFor(text: "Cart ─")
      try await store.waitForIdle(quiet: .milliseconds(100))
      let pressed = clock.now
      try store.press(.escape)
      try await store.waitUntil("the cart closed") { !$0.plainText.contains("Cart ─") }
      let answered = clock.now - pressed
      #expect(answered < .milliseconds(700), "Esc answered in \(answered)")
    }
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
  }
}
