import Foundation
import Testing

/// Browsing in a real terminal: search, the detail sheet, the order history, the mouse and
/// pasted text, with the keys and bytes tmux sends.
@Suite(.serialized)
struct BrowsingEndToEndTests {
  /// A press and release of the left button at column `x`, row `y` (from 0), as a terminal
  /// whose terminfo says `kmous=\E[M` (tmux-256color) reports it: `ESC [ M` and three bytes,
  /// each 32 more than the button, column + 1 and row + 1.
  static func click(x: Int, y: Int) -> String {
    let cell = String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
    return "@text \u{1B}[M " + cell + "\u{1B}[M#" + cell
  }

  /// The wheel turned one notch down over a cell (button 5: 64 + 1).
  static func wheelDown(x: Int, y: Int) -> String {
    "@text \u{1B}[Ma" + String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
  }

  @Test func searchDetailsAPurchaseAndItsOrderInTheHistory() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      stateDirectory: state,
      firstScreen: "Dot-grid notebook",
      steps: [
        "/", "@text CLAY", "@wait 1 of 20",
        "Enter", "@wait Esc clear the search",
        "Enter", "@wait Oaxaca",
        "Space", "@wait in your cart",
        "+", "@wait Cart: 2 items",
        "Escape", "@wait / search",
        // The search cleared, the selection stays on the mug, eighth in the store.
        "Escape", "@wait 8/20",
        "c", "p", "@wait Confirm your purchase", "Enter", "@wait Thank you!", "Enter", "@wait Cart: empty",
        "2", "@wait #1 ", "Enter", "@wait Order #1", "Escape", "q",
      ]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.programStatus == 0)
    let searching = try #require(run.screens.first { $0.contains("1 of 20") })
    #expect(searching.contains("▸ Café de olla clay mug"), "accents ignored: CLAY finds the café's mug")
    #expect(!searching.contains("Dot-grid notebook"))
    let details = try #require(run.screens.first { $0.contains("in your cart") })
    #expect(details.contains("[-]   1 [+]"), "Space added one from the detail sheet")
    let order = try #require(run.screens.first { $0.contains("Order #1") })
    #expect(order.contains("Café de olla clay mug"))
    #expect(order.contains("$33.80"), "two mugs at $16.90")
  }

  @Test func theMouseSelectsOpensAddsAndSwitchesTabs() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      stateDirectory: state,
      firstScreen: "Dot-grid notebook",
      steps: [
        // Row 5 is the third product; a click selects it, a second click opens its details.
        Self.click(x: 10, y: 5), "@wait 3/20",
        Self.click(x: 10, y: 5), "@wait Details",
        "Escape", "@wait 3/20",
        // [ Add to Cart ] of the first product (row 3), then its [+].
        Self.click(x: 70, y: 3), "@wait Cart: 1 item",
        Self.click(x: 76, y: 3), "@wait Cart: 2 items",
        Self.wheelDown(x: 10, y: 8), "@wait 4/20",
        // The Profile tab in the tab bar.
        Self.click(x: 13, y: 0), "@wait Your orders",
        "q",
      ]
    )
    #expect(run.driverStatus == 0, "terminal restored, mouse reporting off\n\(run.log)")
    #expect(run.programStatus == 0)
    #expect(try TUIDrive.savedQuantities(in: state).values.sorted() == [2])
  }

  @Test func pastedTextIsNeverTakenForKeys() async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "Dot-grid notebook",
      steps: [
        // On the list a paste does nothing: not q (quit), not c (cart), not +.
        "@text \u{1B}[200~qc+\u{1B}[201~", "@wait Cart: empty",
        "/", "@text \u{1B}[200~clay\nmug\u{1B}[201~", "@wait 1 of 20",
        "Enter", "q",
      ]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.programStatus == 0)
    #expect(run.screens[1].contains("Cart: empty") && !run.screens[1].contains("Cart ─"))
    #expect(run.screens.contains { $0.contains("/clay mug") }, "the line break became a space")
  }

  /// A paste start with no end (typed by hand, or cut off) must not swallow every later key:
  /// after two seconds the paste is over, and q quits.
  @Test func aPasteThatNeverEndsDoesNotSwallowTheKeysAfterIt() async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "Dot-grid notebook",
      steps: ["@text \u{1B}[200~abc", "@sleep 2.5", "q"]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.programStatus == 0, "q quit")
  }

  @Test func withoutTheMouseAClickDoesNothing() async throws {
    let run = try await TUIDrive.run(
      arguments: ["--latency", "30", "--no-mouse"],
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "Dot-grid notebook",
      steps: [Self.click(x: 10, y: 5), "@sleep 0.3", "q"]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.screens[1].contains("1/20"), "the selection did not move")
  }
}
