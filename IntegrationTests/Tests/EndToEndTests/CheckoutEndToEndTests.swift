import Foundation
import StoreModels
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Checkout on a real terminal: typed and pasted, in the accessible mode, interrupted every way
/// a session ends and resumed with nothing lost, and over SSH at the store's own server with a
/// Korean address, followed to "delivered" as the status route moves it on.
///
/// One at a time: each starts stores (and servers) of its own, and the suites that measure
/// time beside them need the machine's cores.
@Suite(.serialized)
struct CheckoutEndToEndTests {
  /// The saved cart's file for customer 1 of the embedded catalog.
  static func savedCart(in state: URL) -> String {
    (try? String(contentsOf: state.appendingPathComponent("onlinestore/carts/embedded/user-1.json"), encoding: .utf8)) ?? ""
  }

  /// The checkout draft in that file, or `nil` while there is none (or no file).
  static func savedDraft(in state: URL) -> CheckoutDraft? {
    (try? StoreJSON.decoder.decode(SavedCart.self, from: Data(savedCart(in: state).utf8)))?.checkout
  }

  /// Ends `session` the `way` given (a key, or HUP or KILL), starts the store again on the same
  /// state, waits for the saved cart, and opens checkout.
  static func interrupt(_ session: TerminalSession, _ way: String, restartingIn state: URL) async throws -> TerminalSession {
    switch way {
    case "HUP": session.signal(SIGHUP)
    case "KILL": session.signal(SIGKILL)
    default: try session.press(way)
    }
    _ = try await session.waitForExit()
    let again = try StoreTerminal.start(stateDirectory: state)
    try await again.waitFor(text: "Cart: 1 item")
    try again.press("c p")
    return again
  }

  /// Whether `condition` holds within `seconds`, looked at every 50 ms.
  static func eventually(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
  }

  @Test func theAccessibleModeAsksOneQuestionAtATimeWithNoBoxes() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(["--latency", "30", "--accessible"], stateDirectory: state)
    try await store.waitFor(text: "Dot-grid notebook")
    try store.press("+ c p")
    try await store.waitFor(text: "Question 1 of")
    #expect(!store.text.contains("┌") && !store.text.contains("│"), "plain lines: \(store.text)")
    #expect(store.text.contains("Full name (required)"), "\(store.text)")
    try await StoreTerminal.checkOut(store)
    try store.press(.enter)
    try await store.waitFor(text: "Thank you!")
    #expect(!store.text.contains("┌"), "the alerts are plain lines too: \(store.text)")
    #expect(store.text.contains("Enter presses Done."), "\(store.text)")
    try store.press("Enter q")
    #expect(try await store.waitForExit() == .exited(0))
    #expect(store.leftChanged.isEmpty, "\(store.leftChanged)")
  }

  /// `ssh -t HOST accessible`: the session's store runs in the accessible mode.
  @Test func theCommandAccessibleOverSSHStartsTheAccessibleMode() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "lee")
    let shopper = try await StoreTerminal.connect(server.ssh(identity: key) + ["accessible"])
    try shopper.press("+ c p")
    try await shopper.waitFor(text: "Question 1 of")
    #expect(!shopper.text.contains("┌") && !shopper.text.contains("│"), "plain lines: \(shopper.text)")
    // Esc back to the cart, Esc closes it, q quits.
    try shopper.press("Esc")
    try await shopper.waitFor(text: "Cart ─")
    try shopper.press("Esc")
    try await shopper.waitUntil("the cart closed") { !$0.plainText.contains("Cart ─") }
    try await StoreTerminal.quit(shopper)
    #expect(await server.stop() == 0)
  }

  /// What was typed is kept with the cart whatever ends the session — Ctrl-C, a hang-up, or
  /// `kill -9` once the draft reached the disk — and the next start carries on from it.
  @Test(arguments: ["C-c", "HUP", "KILL"])
  func anInterruptedCheckoutResumesWithNothingLost(way: String) async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let first = try StoreTerminal.start(stateDirectory: state)
    try await first.waitFor(text: "Dot-grid notebook")
    try first.press("+ c p")
    try await first.waitFor(text: "Checkout · 1/3")
    try first.press("End C-u")
    try first.paste("김민지")
    try first.press("Tab")
    try first.paste("세종대로 110")
    try await first.waitFor(text: "세종대로 110")
    // The draft is written within half a second of a change: wait until it is on disk.
    #expect(await Self.eventually { Self.savedCart(in: state).contains("세종대로 110") }, "the draft was saved: \(Self.savedCart(in: state))")
    let second = try await Self.interrupt(first, way, restartingIn: state)
    try await second.waitFor(text: "Checkout · 1/3")
    // The sheet's title comes first in its frame: wait for the field under it, not a half-drawn
    // screen (a lost street would time out here).
    try await second.waitFor(text: "세종대로 110")
    #expect(second.text.contains("김민지"), "\(second.text)")
    try await StoreTerminal.checkOut(second, address: .seoul)
    try second.press(.enter)
    try await second.waitFor(text: "Your order number is 1.")
    try second.press("Enter q")
    #expect(try await second.waitForExit() == .exited(0))
    #expect(!Self.savedCart(in: state).contains("세종대로"), "the draft goes once the order is placed")
  }

  /// Interrupted at delivery or at the review, a checkout carries on at that step with every
  /// choice made, and the order is placed once.
  @Test(arguments: [("delivery", "KILL"), ("delivery", "HUP"), ("review", "C-c"), ("review", "KILL")])
  func anInterruptedCheckoutResumesAtItsStep(step: String, way: String) async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let first = try StoreTerminal.start(stateDirectory: state)
    try await first.waitFor(text: "Dot-grid notebook")
    try first.press("+ c p")
    try await StoreTerminal.fillAddress(first, .seoul)
    try first.press("Down")
    try await first.waitFor(text: "(•) Express")
    if step == "review" {
      try first.press("Enter")
      try await first.waitFor(text: "Checkout · 3/3")
    }
    // A kill -9 keeps what is on disk: wait for the draft at this step with express, not for
    // express alone — going on to the review is a save of its own, and under load the save of
    // express at the delivery step can land first and alone.
    let kept = CheckoutStep(rawValue: step)
    #expect(
      await Self.eventually { Self.savedDraft(in: state).map { $0.step == kept && $0.delivery == .express } ?? false },
      "\(Self.savedCart(in: state))"
    )
    let second = try await Self.interrupt(first, way, restartingIn: state)
    try await second.waitFor(text: step == "review" ? "Checkout · 3/3" : "Checkout · 2/3")
    // The delivery chosen, waited for rather than read at once: the step's title comes first in
    // its frame, and a screen read the moment the title shows may not hold the rest yet.
    try await second.waitFor(text: step == "review" ? "Delivery: Express" : "(•) Express")
    if step == "delivery" {
      try second.press("Enter")
      try await second.waitFor(text: "Checkout · 3/3")
    }
    // The address typed, in the review under its title: waited for, as the delivery above.
    try await second.waitFor(text: "세종대로 110")
    try second.press("Enter")
    try await second.waitFor(text: "Confirm your purchase")
    try second.press("Enter")
    try await second.waitFor(text: "Your order number is 1.")
    try second.press("Enter q")
    #expect(try await second.waitForExit() == .exited(0))
  }

  /// The whole of it as a shopper has it: over SSH, a key shopper pastes a Korean address, the
  /// order lands at the store's server with it, and each move of the back office's status route shows in the
  /// open session's order history without a key pressed. Both servers run as the unprivileged
  /// service user when the tests are root, as they are deployed.
  @Test func overSSHWithAKoreanAddressFollowedToDelivered() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let apiState = workspace.appendingPathComponent("api")
    try FileManager.default.createDirectory(at: apiState, withIntermediateDirectories: true)
    let token = apiState.appendingPathComponent("api.token")
    try Data("checkout-e2e-token-0123456789abcdef".utf8).write(to: token)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token.path)
    let adminToken = apiState.appendingPathComponent("admin.token")
    try Data("checkout-e2e-admin-0123456789abcdef".utf8).write(to: adminToken)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: adminToken.path)
    ServiceUser.handOver(apiState)
    let api = try await APIServerProcess.start(
      database: "sqlite:" + apiState.appendingPathComponent("api.sqlite").path,
      arguments: ["--token-file", token.path, "--admin-token-file", adminToken.path], log: workspace.appendingPathComponent("api.log"),
      asServiceUser: true
    )
    defer { Task { await api.stop() } }
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--api", api.baseURL.absoluteString, "--api-token-file", token.path]
    )
    let key = try await ShopperKey.make(in: workspace, name: "minji")
    let shopper = try await StoreTerminal.connect(server.ssh(identity: key))
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try shopper.press("c p")
    try await StoreTerminal.checkOut(shopper, address: .seoul)
    try shopper.press(.enter)
    try await shopper.waitFor(text: "Your order number is 1.")
    #expect(shopper.text.contains("김민지, 서울, South Korea."), "the confirmation says where it ships: \(shopper.text)")
    try shopper.press(.enter)
    try await shopper.waitFor(text: "Cart: empty")
    // "Keep this address" was ticked: the key shopper's book at the server holds it.
    let bearer = "Bearer checkout-e2e-token-0123456789abcdef"
    var bookRequest = URLRequest(url: api.baseURL.appendingPathComponent("shop/customers/1001/addresses"))
    bookRequest.setValue(bearer, forHTTPHeaderField: "Authorization")
    let (book, _) = try await URLSession.shared.data(for: bookRequest)
    #expect(try StoreJSON.decoder.decode(AddressBook.self, from: book).addresses == [.seoul], "\(String(decoding: book, as: UTF8.self))")
    try shopper.press("2")
    try await shopper.waitFor(text: "#1 ")
    #expect(shopper.text.contains("Placed"), "\(shopper.text)")

    // The operator moves it on; the open session hears each step.
    for (body, shown) in [
      (#"{"status":"packed"}"#, "Packed"),
      (#"{"status":"shipped","carrier":"CJ Logistics","tracking":"6543 2109 8765"}"#, "Shipped"),
      (#"{"status":"delivered"}"#, "Delivered"),
    ] {
      var request = URLRequest(url: api.baseURL.appendingPathComponent("admin/orders/1/status"))
      request.httpMethod = "POST"
      request.setValue("Bearer checkout-e2e-admin-0123456789abcdef", forHTTPHeaderField: "Authorization")
      request.httpBody = Data(body.utf8)
      let (_, response) = try await URLSession.shared.data(for: request)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
      try await shopper.waitFor(text: shown)
    }
    try shopper.press("Enter")
    try await shopper.waitFor(text: "Order #1")
    #expect(shopper.text.contains("Shipped with CJ Logistics, 6543 2109 8765"), "\(shopper.text)")
    #expect(shopper.text.contains("Ships to: 04524, 서울 세종대로 110, 서울특별시청 3층, 김민지"), "\(shopper.text)")
    try shopper.press("Esc")
    try await StoreTerminal.quit(shopper)
    #expect(await server.stop() == 0)

    let (body, _) = try await URLSession.shared.data(from: api.baseURL.appendingPathComponent("shop/shipping"))
    #expect(try StoreJSON.decoder.decode(ShippingRules.self, from: body) == .standard)

    // No log of the three programs holds the shopper's name, their address or a token.
    let sessionLogs = FileManager.default.enumerator(at: workspace.appendingPathComponent("state"), includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "session.log" } ?? []
    #expect(!sessionLogs.isEmpty, "the store kept its session log")
    let logs = [("api", (try? String(contentsOf: workspace.appendingPathComponent("api.log"), encoding: .utf8)) ?? ""), ("serve", server.logText)]
      + sessionLogs.map { ("session", (try? String(contentsOf: $0, encoding: .utf8)) ?? "") }
    #expect(logs[0].1.contains("POST /carts"), "the API's log is read: \(logs[0].1.suffix(2_000))")
    for (name, text) in logs {
      for secret in ["김민지", "세종대로", "04524", "minji@example.kr", "checkout-e2e-token-0123456789abcdef", "checkout-e2e-admin-0123456789abcdef"] {
        #expect(!text.contains(secret), "\(secret) in the \(name) log")
      }
    }
  }
}
