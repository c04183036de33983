import Foundation
import StoreTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The terminal store shopping at the store's own API server: a purchase in tmux, and the
/// order is in the server's database afterwards, where the customer's history finds it.
@Suite(.serialized)
struct APIServerEndToEndTests {
  @Test func aPurchaseLandsInTheServersDatabase() async throws {
    let directory = try TUIDrive.temporaryStateDirectory()
    let server = try await APIServerProcess.start(database: "sqlite:" + directory.appendingPathComponent("api.sqlite").path)

    let run = try await TUIDrive.run(
      arguments: ["--api", server.baseURL.absoluteString],
      stateDirectory: directory, firstScreen: "Dot-grid notebook",
      steps: [
        "+", "+", "@wait Cart: 2 items", "c", "p", "@wait Confirm your purchase", "Enter",
        "@wait Thank you!", "Enter", "@wait Cart: empty", "2", "@wait Ada Lovelace", "@wait #1 ",
        "Enter", "@wait Order #1", "Escape", "q",
      ]
    )
    #expect(run.programStatus == 0, "\(run.log)")
    #expect(run.screens.contains { $0.contains("Your order number is 1.") })
    // The order history reads the order back from the server.
    let history = try #require(run.screens.first { $0.contains("#1 ") && $0.contains("Your orders") })
    #expect(history.contains("2 items") && history.contains("$29.00"), "\(history)")
    let opened = try #require(run.screens.first { $0.contains("Order #1") })
    #expect(opened.contains("Dot-grid notebook") && opened.contains("×2") && opened.contains("Total $29.00"))

    let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("carts/user/1"))
    await server.stop()
    let orders = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(orders.count == 1)
    #expect(orders.first?["id"] as? Int == 1)
    #expect((orders.first?["products"] as? [[String: Int]]) == [["productId": 1, "quantity": 2]])
  }
}
