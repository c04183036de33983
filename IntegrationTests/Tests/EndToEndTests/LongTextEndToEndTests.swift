import Foundation
import FlyingFox
import StoreModels
import StoreTestSupport
import TerminalKitTesting
import Testing

/// A FakeStore-shaped server whose first product's description is one word of a megabyte: the
/// store lists it, opens its details, scrolls them and quits at once, and a SIGTERM sent while
/// the details are open ends it with the terminal given back. (On 1.5 such a description cost
/// seven seconds of CPU per frame at 100,000 characters, and at a megabyte the store ran at 100 %
/// for eleven minutes, deaf to SIGTERM and SIGHUP.)
@Suite(.serialized)
struct LongTextEndToEndTests {
  static func server() async throws -> StubStoreServer {
    var products = try JSONSerialization.jsonObject(with: Fixture.products.data) as! [[String: Any]]
    products[0]["description"] = String(repeating: "x", count: 1_000_000)
    let body = try JSONSerialization.data(withJSONObject: products)
    return try await StubStoreServer(["GET /products": { _ in .json(body) }])
  }

  @Test func aDescriptionOfAMegabyteIsShownScrolledAndLeft() async throws {
    let server = try await Self.server()
    let store = try StoreTerminal.start(["--api", server.baseURL.absoluteString, "--pictures", "off"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Fjallraven")
    try store.press("Enter")
    try await store.waitFor(text: "xxxxxxxxxx")
    for _ in 0..<5 { try store.press("PgDn") }
    try store.press("Esc")
    try await store.waitFor(text: "Mens Casual Premium")
    try await StoreTerminal.quit(store)
    await server.stop()
  }

  @Test func sigtermWhileTheDetailsAreOpenEndsTheStore() async throws {
    let server = try await Self.server()
    let store = try StoreTerminal.start(["--api", server.baseURL.absoluteString, "--pictures", "off"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "Fjallraven")
    try store.press("Enter")
    try await store.waitFor(text: "xxxxxxxxxx")
    store.signal(SIGTERM)
    #expect(try await store.waitForExit() == .exited(143))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
    await server.stop()
  }
}
