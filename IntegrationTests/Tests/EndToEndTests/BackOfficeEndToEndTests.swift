import Foundation
import StoreModels
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The back office as it is deployed: `onlinestore serve --admin-keys` gives an operator's key
/// the console over SSH, beside a shopper's key that gets the shop. The operator adds a product
/// with a picture and a stock of 5; a shopper finds it ("5 left") and orders it; the operator
/// sees the order arrive without a key, packs and ships it, and the shopper — on their order
/// history, pressing nothing — sees it shipped. Both servers run as the unprivileged service
/// user when the tests are root.
@Suite(.serialized)
struct BackOfficeEndToEndTests {
  @Test func anOperatorOverSSHShipsWhatAShopperSeesShipped() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let apiState = workspace.appendingPathComponent("api")
    try FileManager.default.createDirectory(at: apiState, withIntermediateDirectories: true)
    let token = try Self.secret("shop-e2e-token-0123456789abcdef", in: apiState, named: "api.token")
    let adminToken = try Self.secret("admin-e2e-token-0123456789abcdef", in: apiState, named: "admin.token")
    // The front door's own token: the one that may name the operator in the audit.
    let frontDoorToken = try Self.secret("front-door-e2e-token-0123456789ab", in: apiState, named: "front-door.token")
    // The product's picture, a file on the API server's machine that its user can read.
    let picture = apiState.appendingPathComponent("ink.png")
    try #require(DemoCatalogFiles.picture(named: "product-3.png")).write(to: picture)
    let operatorKey = try await ShopperKey.make(in: workspace, name: "operator")
    let adminKeys = workspace.appendingPathComponent("admin_keys")
    try FileManager.default.copyItem(at: operatorKey.appendingPathExtension("pub"), to: adminKeys)
    ServiceUser.handOver(apiState)
    let api = try await APIServerProcess.start(
      database: "sqlite:" + apiState.appendingPathComponent("api.sqlite").path,
      arguments: ["--token-file", token.path, "--admin-token-file", adminToken.path, "--front-door-token-file", frontDoorToken.path],
      asServiceUser: true
    )
    defer { Task { await api.stop() } }
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"),
      arguments: [
        "--api", api.baseURL.absoluteString, "--api-token-file", token.path, "--admin-keys", adminKeys.path,
        "--admin-token-file", frontDoorToken.path,
      ]
    )

    // The operator's key opens the back office, not the shop.
    let console = try await StoreTerminal.connect(server.ssh(identity: operatorKey), firstScreen: "Back office")
    try await console.waitFor(text: "No orders yet")

    // A new product, with its picture and 5 in stock.
    try console.press("2")
    try await console.waitFor(text: "20 products")
    try console.press("n")
    try await console.waitFor(text: "New product")
    for (field, text) in ["Fountain pen ink, 50 ml", "8.50", "stationery", "Blue-black, water-based.", "5", picture.path].enumerated() {
      try console.paste(text)
      try console.press(field == 5 ? "Enter" : "Tab")
    }
    try await console.waitFor(text: "21 products")
    #expect(console.text.contains("Fountain pen ink, 50 ml"), "\(console.text)")
    try console.press("1")

    // A shopper orders, and waits on their order history.
    let shopperKey = try await ShopperKey.make(in: workspace, name: "shopper")
    let shopper = try await StoreTerminal.connect(server.ssh(identity: shopperKey))
    try shopper.press("End")
    try await shopper.waitFor(text: "5 left")
    #expect(shopper.text.contains("Fountain pen ink, 50 ml"), "\(shopper.text)")
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try shopper.press("c p")
    try await StoreTerminal.checkOut(shopper)
    try shopper.press(.enter)
    try await shopper.waitFor(text: "Your order number is 1.")
    try shopper.press(.enter)
    try await shopper.waitFor(text: "Cart: empty")
    try shopper.press("2")
    try await shopper.waitFor(text: "#1 ")

    // It arrives in the console by itself; the operator packs and ships it.
    try await console.waitFor(text: "#1 ")
    try console.press("Enter")
    try await console.waitFor(text: "Order #1")
    try console.press("p")
    try await console.waitFor(text: "Mark order #1 as packed?")
    try console.press("y")
    try await console.waitFor(text: "s ship")
    try console.press("s")
    try await console.waitFor(text: "Ship the order")
    try console.paste("Royal Mail")
    try console.press("Tab")
    try console.paste("RM 1234 5678")
    try console.press("Enter")
    try await console.waitFor(text: "Ship order #1 with Royal Mail, tracking RM 1234 5678?")
    try console.press("y")
    try await console.waitFor(text: "Shipped with Royal Mail, RM 1234 5678")

    // The shopper pressed nothing since: the history says it shipped.
    try await shopper.waitFor(text: "Shipped")
    try console.press("Esc 4")
    // The audit hears the last change within the console's pulse, then shows the three.
    try await console.waitFor(text: "Packed → Shipped with")
    try await console.waitFor(text: "product 21")
    #expect(console.text.contains("3 changes") && console.text.contains("key SHA256:"), "\(console.text)")
    #expect(console.text.contains("added    – → Fountain pen ink"), "\(console.text)")

    try console.press("q")
    #expect(try await console.waitForExit() == .exited(0))
    #expect(console.leftChanged.isEmpty, "\(console.leftChanged)")
    try await StoreTerminal.quit(shopper)
    #expect(await server.stop() == 0)
  }

  /// A token in a file of its own, mode 600, as the servers want it.
  static func secret(_ text: String, in directory: URL, named name: String) throws -> URL {
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    return file
  }
}
