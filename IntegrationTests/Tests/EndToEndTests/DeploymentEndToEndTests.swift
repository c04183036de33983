import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The store as it is deployed on several machines (``Deployment``): HAProxy with PROXY v2 in
/// front of two `serve` hosts in network namespaces of their own, two API instances on one
/// database, and the real OpenSSH client, which sees one host key whichever host it reaches.
///
/// Namespaces need root. `.ci/run` runs as root and sets `ONLINESTORE_REQUIRE_NAMESPACES`, under
/// which a machine that cannot make them fails these tests; elsewhere they say why they did not run.
@Suite(.serialized, .enabled(if: Deployment.unavailable == nil || ProcessInfo.processInfo.environment["ONLINESTORE_REQUIRE_NAMESPACES"] != nil))
struct DeploymentEndToEndTests {
  init() throws {
    if let reason = Deployment.unavailable { throw TestFailure("ONLINESTORE_REQUIRE_NAMESPACES is set, but \(reason)") }
  }

  @Test func aShopperCannotTellWhichHostTheyReached() async throws {
    let store = try await Deployment.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let first = try await StoreTerminal.connect(store.ssh(as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(first)
    var profiles: [String] = []
    try first.press("2")
    try await first.waitFor(text: "SSH key")
    profiles.append(first.text)
    try await StoreTerminal.quit(first)
    // The same host key, the same cart.
    let second = try await StoreTerminal.connect(store.ssh(as: ada), firstScreen: "Cart: 2 items")
    try second.press("2")
    try await second.waitFor(text: "SSH key")
    profiles.append(second.text)
    try await StoreTerminal.quit(second)
    #expect(store.sessionsStarted() == [1, 1], "round robin: one session on each host")
    #expect(profiles.allSatisfy { $0.contains("#1001") }, "one customer number through either host")
    // Each host saw the shopper's own address through the balancer's PROXY header, not the balancer's.
    #expect(store.hosts.allSatisfy { $0.logText.contains("client=127.0.0.1") }, "\(store.hosts.map(\.logText))")
    await store.close()
  }

  @Test func aCartFilledThroughOneHostIsLiveInAnOpenSessionOnTheOther() async throws {
    let store = try await Deployment.open(live: true)
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let watching = try await StoreTerminal.connect(store.ssh(as: ada))
    #expect(store.sessionsStarted().reduce(0, +) == 1)
    let filling = try await StoreTerminal.connect(store.ssh(as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(filling)
    try await watching.waitFor(text: "Cart: 2 items")  // the other host's cart, without a key pressed
    try await StoreTerminal.quit(filling)
    try await StoreTerminal.quit(watching)
    #expect(store.sessionsStarted() == [1, 1])
    await store.close()
  }

  /// Docs/SeveralHosts.md's health check: HAProxy asks each host's `/readyz`. A host told to
  /// restart (SIGTERM) answers 503 from the first moment of its drain, so the balancer takes it
  /// out — its check says so — and sends the next shopper to the other host, while the shopper
  /// already on it goes on shopping until the drain ends.
  @Test func aDrainingHostIsTakenOutByItsReadinessWhileItsShopperFinishes() async throws {
    let store = try await Deployment.open(serveArguments: [["--drain-timeout", "120"], ["--drain-timeout", "120"]])
    for index in 0..<2 {
      let view = try await store.balancerView(of: index)
      #expect(view.status == "UP" && view.check.hasPrefix("L7OK"), "host \(index) before: \(view)")
    }
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    try await store.route(to: 0)
    let staying = try await StoreTerminal.connect(store.ssh(as: ada))
    try await store.routeToEvery()
    #expect(store.sessionsStarted() == [1, 0])
    kill(store.hosts[0].pid, SIGTERM)
    var view = (status: "", check: "")
    let out = await Self.eventually(15) {
      view = (try? await store.balancerView(of: 0)) ?? view
      return view.status == "DOWN"
    }
    #expect(out && view.check == "L7STS 503", "the draining host is out by its /readyz: \(view)")
    let bob = try await ShopperKey.make(in: store.workspace, name: "bob")
    let newcomer = try await StoreTerminal.connect(store.ssh(as: bob))
    #expect(store.sessionsStarted() == [1, 1], "the next shopper reached the other host")
    try await StoreTerminal.quit(newcomer)
    try await staying.waitFor(text: "This host is restarting in a moment")
    try staying.press("+")
    try await staying.waitFor(text: "Cart: 1 item")  // still shopping on the draining host
    try await StoreTerminal.quit(staying)
    await store.close()
  }

  @Test func aHostKilledMidSessionLosesTheShopperNothing() async throws {
    let store = try await Deployment.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let shopping = try await StoreTerminal.connect(store.ssh(as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(shopping)
    let api = store.backend.instances[0].baseURL.appendingPathComponent("shop/carts/1001")
    #expect(await Self.eventually(20) { await Self.quantities(at: api).count == 2 })
    let reached = try #require(store.sessionsStarted().firstIndex(of: 1))
    kill(store.hosts[reached].pid, SIGKILL)
    try await shopping.waitFor(text: "closed by remote host")
    _ = try await shopping.waitForExit()
    // Through the other host, the cart is whole.
    let again = try await StoreTerminal.connect(store.ssh(as: ada), firstScreen: "Cart: 2 items")
    try await StoreTerminal.quit(again)
    #expect(store.sessionsStarted()[1 - reached] == 1, "the balancer sent the shopper to the host still running")
    await store.close()
  }

  @Test func anOrderThatTimedOutOnOneHostIsTakenOnceThroughTheOther() async throws {
    // Host A's instance takes orders but answers only after 6 s; A's stores wait 2 s.
    let store = try await Deployment.open(
      apiArguments: [["--fault", "timeout-rate=1,hold=6s,route=/carts"]], serveArguments: [["--timeout", "2"]]
    )
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    try await store.route(to: 0)
    try await SeveralHostsEndToEndTests.orderTimesOutThenIsPaidAgain(
      first: store.ssh(as: ada), second: store.ssh(as: ada), between: { try await store.route(to: 1) }
    )
    #expect(store.sessionsStarted() == [1, 1])
    let (body, _) = try await URLSession.shared.data(from: store.backend.instances[1].baseURL.appendingPathComponent("carts/user/1001"))
    let orders = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(orders.count == 1, "taken once: \(orders)")
    await store.close()
  }

  static func quantities(at url: URL) async -> [String: Int] {
    guard let (body, _) = try? await URLSession.shared.data(from: url),
      let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return [:] }
    return json["quantities"] as? [String: Int] ?? [:]
  }

  /// Waits up to `seconds` for an asynchronous `condition`.
  static func eventually(_ seconds: Double, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return await condition()
  }
}
