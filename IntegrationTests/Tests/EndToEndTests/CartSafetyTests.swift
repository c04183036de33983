import FlyingFox
import Foundation
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

/// The cart-safety findings, with the real program on real terminals: whose cart it is, lines
/// the store does not list, two copies at once, version 1.0's cart, and an order whose answer
/// came too late.
struct CartSafetyTests {
  /// A FakeStore-compatible store on 127.0.0.1 selling the real FakeStore catalog, whose
  /// product 1 is a backpack where the embedded catalog's product 1 is a notebook.
  static func fakeStore(orders: OrderBook = OrderBook(), orderDelay: Duration = .zero) async throws -> StubStoreServer {
    let products = try Fixture.products.data
    return try await StubStoreServer([
      "GET /products": { _ in .json(products) },
      "POST /carts": { request in
        await orders.take(request, body: try await request.bodyData, delayingNewOrdersBy: orderDelay)
      },
    ])
  }

  /// Finding 1: one cart for every store. Each store now has its own, untouched by the other.
  @Test func eachStoreKeepsItsOwnCart() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let server = try await Self.fakeStore()
    defer { Task { await server.stop() } }
    let api = ["--latency", "0", "--api", server.baseURL.absoluteString]

    let embedded = try StoreTerminal.start(stateDirectory: state)
    try await embedded.waitFor(text: "Dot-grid notebook")
    try embedded.press("+ +")
    try await embedded.waitFor(text: "Cart: 2 items")
    try embedded.press("q")
    #expect(try await embedded.waitForExit() == .exited(0))

    let atTheAPI = try StoreTerminal.start(api, stateDirectory: state)
    try await atTheAPI.waitFor(text: "Fjallraven")
    #expect(atTheAPI.text.contains("Cart: empty"), "not the embedded catalog's cart")
    #expect(!atTheAPI.text.contains("$219.90"))
    try atTheAPI.press("j +")
    try await atTheAPI.waitFor(text: "Cart: 1 item")
    try atTheAPI.press("q")
    #expect(try await atTheAPI.waitForExit() == .exited(0))

    let back = try StoreTerminal.start(stateDirectory: state)
    try await back.waitFor(text: "Cart: 2 items · $29.00")  // the first store's cart, untouched
    try back.press("q")
    #expect(try await back.waitForExit() == .exited(0))

    #expect(try StoreTerminal.savedQuantities(in: state) == [1: 2])
    #expect(try StoreTerminal.savedQuantities(in: state, store: "http%3A%2F%2F127.0.0.1%3A\(server.baseURL.port!)") == [2: 1])
  }

  /// Finding 2: a saved line whose product is not listed was deleted by the next save. It is
  /// shown as unavailable and stays in the file.
  @Test func aLineTheStoreDoesNotListIsKept() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let carts = state.appendingPathComponent("onlinestore/carts/embedded")
    try FileManager.default.createDirectory(at: carts, withIntermediateDirectories: true)
    try Data(#"{"quantities":{"1":1,"999":2},"revision":1,"version":2}"#.utf8)
      .write(to: carts.appendingPathComponent("user-1.json"))

    let store = try StoreTerminal.start(stateDirectory: state)
    try await store.waitFor(text: "Cart: 1 item · $14.50 · 1 unavailable")
    try store.press("j +")
    try await store.waitFor(text: "Cart: 2 items")
    try store.press("c")
    try await store.waitFor(text: "#999 · no longer available")
    try store.press(.escape)
    try await store.waitUntil("the cart sheet closed") { !$0.plainText.contains("no longer available") }
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(try StoreTerminal.savedQuantities(in: state) == [1: 1, 2: 1, 999: 2])
  }

  /// Finding 3: two copies at once, last writer wins. Copy B adds a product while copy A runs
  /// and changes nothing; A shows B's product without a key pressed, and A, quitting last,
  /// writes nothing over it.
  @Test func twoCopiesAtOnceLoseNothing() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    try await twoCopies(
      first: try StoreTerminal.start(stateDirectory: state),
      second: try StoreTerminal.start(stateDirectory: state)
    )
    #expect(try StoreTerminal.savedQuantities(in: state) == [2: 2])
  }

  /// The same on a machine whose inotify instances are used up (a user namespace whose limit
  /// is 0): the copies ring each other's bells, and neither says a word about it. (Past the
  /// limit a copy once heard the other only every 2 s, and said so in a notice.)
  @Test func twoCopiesWithoutInotifyStillSeeEachOtherAtOnce() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let limited = [
      "/usr/bin/unshare", "--user", "--map-root-user", "/bin/sh", "-c",
      "echo 0 > /proc/sys/user/max_inotify_instances && exec \"$0\" \"$@\"", StoreTerminal.binary.path, "--latency", "30",
    ]
    let environment = ["XDG_STATE_HOME": state.path]
    let (first, second) = try await twoCopies(
      first: try TerminalSession(limited, environment: environment, timeout: StoreTerminal.timeout),
      second: try TerminalSession(limited, environment: environment, timeout: StoreTerminal.timeout)
    )
    for copy in [first, second] { #expect(!copy.text.contains("another window"), "\(copy.text)") }
    #expect(try StoreTerminal.savedQuantities(in: state) == [2: 2])
  }

  /// Copy B adds two of the second product while copy A looks on; A sees each change without a
  /// key pressed, and quits last.
  @discardableResult
  private func twoCopies(first: TerminalSession, second: TerminalSession) async throws -> (TerminalSession, TerminalSession) {
    try await first.waitFor(text: "Dot-grid notebook")
    try await second.waitFor(text: "Dot-grid notebook")
    try second.press("j +")
    try await second.waitFor(text: "Cart: 1 item")
    try await first.waitFor(text: "Cart: 1 item")
    try second.press("+")
    try await second.waitFor(text: "Cart: 2 items")
    try await first.waitFor(text: "Cart: 2 items")
    try await first.waitUntil("the Hanji notebook at 2") { screen in
      screen.textRows.contains { $0.contains("한지 노트 Hanji notebook") && $0.contains("[-]   2 [+]") }
    }
    try second.press("q")
    #expect(try await second.waitForExit() == .exited(0))
    try first.press("q")
    #expect(try await first.waitForExit() == .exited(0), "copy A saw copy B's changes")
    return (first, second)
  }

  /// Version 1.0's single cart.json is offered by name and taken in only when asked.
  @Test func version1CartIsOfferedAndTakenIn() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let legacy = state.appendingPathComponent("onlinestore/cart.json")
    try FileManager.default.createDirectory(at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"quantities":{"1":2,"3":1},"version":1}"#.utf8).write(to: legacy)

    let declined = try StoreTerminal.start(stateDirectory: state)
    try await declined.waitFor(text: "version 1.0")
    #expect(declined.text.contains("store unknown: 3 items: Dot-grid notebook"), "\(declined.text)")
    #expect(declined.text.contains("Cart: empty"))
    try declined.press(.escape)
    try await declined.waitUntil("the offer closed") { !$0.plainText.contains("version 1.0") }
    try declined.press("q")
    #expect(try await declined.waitForExit() == .exited(0))
    #expect(FileManager.default.fileExists(atPath: legacy.path), "left for later")

    let taken = try StoreTerminal.start(stateDirectory: state)
    try await taken.waitFor(text: "version 1.0")
    try taken.press("m")
    try await taken.waitFor(text: "Cart: 3 items")
    try taken.press("q")
    #expect(try await taken.waitForExit() == .exited(0))
    #expect(!FileManager.default.fileExists(atPath: legacy.path))
    #expect(try StoreTerminal.savedQuantities(in: state) == [1: 2, 3: 1])
  }

  /// Finding 4: an order whose answer came after the deadline was taken twice when paid again.
  /// The person is told it may have gone through; paying again is recognised by its key.
  @Test func anOrderThatTimedOutIsTakenOnce() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let orders = OrderBook()
    // The answer comes 7.5 s late, past the store's 5 s; paying again is answered at once.
    let server = try await Self.fakeStore(orders: orders, orderDelay: .milliseconds(7_500))
    defer { Task { await server.stop() } }
    let store = try StoreTerminal.start(["--api", server.baseURL.absoluteString, "--timeout", "5"], stateDirectory: state)
    // The products' first answer has the same 5 s, and on a machine the other suites keep busy
    // it can miss them (a full run did): the shopper retries, as a person would. The order's
    // time-out is what this test is about.
    for _ in 1...4 {
      try await store.waitUntil("the products, or their failure") { $0.plainText.contains("Fjallraven") || $0.plainText.contains("retry") }
      if store.text.contains("Fjallraven") { break }
      try store.press("r")
    }
    try await store.waitFor(text: "Fjallraven")
    try store.press("+")
    try await store.waitFor(text: "Cart: 1 item")
    try store.press("c p")
    try await StoreTerminal.checkOut(store)
    try store.press(.enter)
    try await store.waitFor(text: "Order not confirmed")
    // Read when it is there: a frame's first rows can be on screen before its last ones.
    try await store.waitFor(text: "your order may have gone")
    try store.press(.enter)
    try await store.waitUntil("the notice closed") { !$0.plainText.contains("Order not confirmed") }
    // Back at the review: p places the same order again.
    try store.press("p")
    try await store.waitFor(text: "Confirm your purchase")
    try store.press(.enter)
    try await store.waitFor(text: "Your order number is 1.")
    try store.press(.enter)
    try await store.waitFor(text: "Cart: empty")
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(await orders.orders.count == 1)
    let keys = await orders.keysReceived
    #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
  }
}
