import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The terminal store shopping at the store's own API server: a purchase on a real terminal,
/// and the order is in the server's database afterwards, where the customer's history finds it.
struct APIServerEndToEndTests {
  @Test func aPurchaseLandsInTheServersDatabase() async throws {
    let directory = try StoreTerminal.temporaryStateDirectory()
    let server = try await APIServerProcess.start(database: "sqlite:" + directory.appendingPathComponent("api.sqlite").path)

    let store = try StoreTerminal.start(["--api", server.baseURL.absoluteString], stateDirectory: directory)
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+ +")
    try await store.waitFor(text: "Cart: 2 items")
    try await StoreTerminal.payForTheCart(store, expecting: "Your order number is 1.")
    try store.press("2")
    try await store.waitFor(text: "Ada Lovelace")
    // The order history reads the order back from the server.
    try await store.waitFor(text: "#1 ")
    // $29.00 of items and $5.00 of standard shipping, charged by the server.
    #expect(store.text.contains("Your orders") && store.text.contains("2 items") && store.text.contains("$34.00"), "\(store.text)")
    try store.press(.enter)
    try await store.waitFor(text: "Order #1")
    #expect(store.text.contains("Dot-grid notebook") && store.text.contains("×2") && store.text.contains("Total $34.00"), "\(store.text)")
    #expect(store.text.contains("Ships to: Ana Lima, 12 Main Street") && store.text.contains("Status: Placed"), "\(store.text)")
    try store.press("Esc")
    try await store.waitUntil("the order closed") { !$0.plainText.contains("Order #1") }
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))

    let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("carts/user/1"))
    await server.stop()
    let orders = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(orders.count == 1)
    #expect(orders.first?["id"] as? Int == 1)
    let lines = try #require(orders.first?["products"] as? [[String: Any]])
    #expect(lines.count == 1 && lines[0]["productId"] as? Int == 1 && lines[0]["quantity"] as? Int == 2)
    #expect((lines[0]["price"] as? NSNumber)?.doubleValue == 14.5, "the price it was sold at")
    #expect((orders.first?["shipping"] as? [String: Any])?["postalCode"] as? String == "94103")
  }
}
