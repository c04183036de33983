import Foundation
import TerminalKit
import TerminalKitTesting
import Testing

/// Browsing in a real terminal: search, the detail sheet, the order history, the mouse and
/// pasted text, encoded as a terminal encodes them for the modes the store turned on.
struct BrowsingEndToEndTests {
  @Test func searchDetailsAPurchaseAndItsOrderInTheHistory() async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("/")
    try store.type("CLAY")
    try await store.waitFor(text: "1 of 20")
    #expect(store.text.contains("▸ Café de olla clay mug"), "accents ignored: CLAY finds the café's mug")
    #expect(!store.text.contains("Dot-grid notebook"))
    // The terminal's cursor is at the point of input, after the Y, where a screen reader looks.
    #expect(store.modes.cursorVisible)
    #expect(store.screen[store.cursor.x - 1, store.cursor.y].text == "Y", "cursor at \(store.cursor)")
    try store.press(.enter)
    try await store.waitFor(text: "Esc clear the search")
    #expect(!store.modes.cursorVisible, "hidden again once the search is closed")
    try store.press(.enter)
    try await store.waitFor(text: "Oaxaca")
    try store.press("Space")
    try await store.waitFor(text: "in your cart")
    try await store.waitFor(text: "[-]   1 [+]")  // Space added one from the detail sheet
    try store.press("+")
    try await store.waitFor(text: "Cart: 2 items")
    try store.press(.escape)
    try await store.waitFor(text: "/ search")
    // The search cleared, the selection stays on the mug, eighth in the store.
    try store.press(.escape)
    try await store.waitFor(text: "8/20")
    try await StoreTerminal.payForTheCart(store)
    try store.press("2")
    try await store.waitFor(text: "#1 ")
    try store.press(.enter)
    try await store.waitFor(text: "Order #1")
    #expect(store.text.contains("Café de olla clay mug"))
    #expect(store.text.contains("$33.80"), "two mugs at $16.90")
    try store.press(.escape)
    try await store.waitUntil("the order closed") { !$0.plainText.contains("Order #1") }
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  @Test func theMouseSelectsOpensAddsAndSwitchesTabs() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(stateDirectory: state)
    try await store.waitFor(text: "Dot-grid notebook")
    #expect(store.modes.mouseTracking != .off && store.modes.sgrMouseEncoding, "\(store.modes)")
    // Row 5 is the third product; a click selects it, a second click opens its details.
    try store.click(at: Point(x: 10, y: 5))
    try await store.waitFor(text: "3/20")
    try store.click(at: Point(x: 10, y: 5))
    try await store.waitFor(text: "Details")
    try store.press(.escape)
    try await store.waitUntil("the details closed") { !$0.plainText.contains("Details") }
    // [ Add to Cart ] of the first product (row 3), then its [+].
    try store.click(at: Point(x: 70, y: 3))
    try await store.waitFor(text: "Cart: 1 item")
    try store.click(at: Point(x: 76, y: 3))
    try await store.waitFor(text: "Cart: 2 items")
    try store.scroll(up: false, at: Point(x: 10, y: 8))
    try await store.waitFor(text: "4/20")
    // The Profile tab in the tab bar.
    try store.click(at: Point(x: 13, y: 0))
    try await store.waitFor(text: "Your orders")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "mouse reporting off: \(store.leftChanged)")
    #expect(try StoreTerminal.savedQuantities(in: state).values.sorted() == [2])
  }

  @Test func pastedTextIsNeverTakenForKeys() async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    #expect(store.modes.bracketedPaste)
    // On the list a paste does nothing: not q (quit), not c (cart), not +.
    try store.paste("qc+")
    try store.press("j")
    try await store.waitFor(text: "2/20")  // the key after the paste was read
    #expect(store.exitStatus == nil && store.text.contains("Cart: empty") && !store.text.contains("Cart ─"), "\(store.text)")
    try store.press("/")
    try store.paste("clay\nmug")
    try await store.waitFor(text: "1 of 20")
    try await store.waitFor(text: "/clay mug")  // the line break became a space
    try store.press("Enter q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  /// A paste start with no end (typed by hand, or cut off) must not swallow every later key:
  /// after two seconds the paste is over, and q quits.
  @Test func aPasteThatNeverEndsDoesNotSwallowTheKeysAfterIt() async throws {
    let store = try StoreTerminal.start(stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    try store.send(bytes: Array("\u{1B}[200~abc".utf8))
    try await Task.sleep(for: .milliseconds(2_500))
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0), "q quit")
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  /// With `--no-mouse` the store asks for no mouse reports; clicks a terminal sends anyway (in
  /// the old X10 encoding, as some do) change nothing.
  @Test func withoutTheMouseAClickDoesNothing() async throws {
    let store = try StoreTerminal.start(["--latency", "30", "--no-mouse"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Dot-grid notebook")
    #expect(store.modes.mouseTracking == .off, "\(store.modes)")
    let cell = [UInt8(33 + 10), UInt8(33 + 5)]
    try store.send(bytes: Array("\u{1B}[M ".utf8) + cell + Array("\u{1B}[M#".utf8) + cell)
    try store.press("j")
    try await store.waitFor(text: "2/20")  // the key after the click was read, and the click moved nothing
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
  }
}
