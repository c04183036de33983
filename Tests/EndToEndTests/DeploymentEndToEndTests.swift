import Foundation
import StoreTestSupport
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
    if let reason = Deployment.unavailable { throw TUIDrive.Failure("ONLINESTORE_REQUIRE_NAMESPACES is set, but \(reason)") }
  }

  @Test func aShopperCannotTellWhichHostTheyReached() async throws {
    let store = try await Deployment.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let first = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Dot-grid notebook", command: store.ssh(as: ada),
      steps: ["+", "@wait Cart: 1 item", "Down", "+", "@wait Cart: 2 items", "2", "@wait SSH key", "q"]
    )
    let second = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Cart: 2 items", command: store.ssh(as: ada), steps: ["2", "@wait SSH key", "q"]
    )
    #expect(first.programStatus == 0, "\(first.log)")
    #expect(second.programStatus == 0, "the same host key, the same cart: \(second.log)")
    #expect(store.sessionsStarted() == [1, 1], "round robin: one session on each host")
    let profiles = [first, second].map { run in run.screens.last { $0.contains("SSH key") } ?? "" }
    #expect(profiles.allSatisfy { $0.contains("#1001") }, "one customer number through either host")
    // Each host saw the shopper's own address through the balancer's PROXY header, not the balancer's.
    #expect(store.hosts.allSatisfy { $0.logText.contains("client=127.0.0.1") }, "\(store.hosts.map(\.logText))")
    await store.close()
  }

  @Test func aCartFilledThroughOneHostIsLiveInAnOpenSessionOnTheOther() async throws {
    let store = try await Deployment.open(live: true)
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let watching = Task {
      try await TUIDrive.run(
        stateDirectory: store.workspace, firstScreen: "Dot-grid notebook", command: store.ssh(as: ada), steps: ["@wait Cart: 2 items", "q"]
      )
    }
    #expect(await SSHEndToEndTests.eventually(10) { store.sessionsStarted().reduce(0, +) == 1 })
    try await Task.sleep(for: .seconds(1))
    let filling = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Dot-grid notebook", command: store.ssh(as: ada),
      steps: ["+", "@wait Cart: 1 item", "Down", "+", "@wait Cart: 2 items", "q"]
    )
    let watched = try await watching.value
    #expect(filling.programStatus == 0, "\(filling.log)")
    #expect(watched.programStatus == 0, "the open session showed the other host's cart without a key: \(watched.log)")
    #expect(store.sessionsStarted() == [1, 1])
    await store.close()
  }

  @Test func aHostKilledMidSessionLosesTheShopperNothing() async throws {
    let store = try await Deployment.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let shopping = Task {
      try await TUIDrive.run(
        stateDirectory: store.workspace, firstScreen: "Dot-grid notebook", command: store.ssh(as: ada),
        steps: ["+", "@wait Cart: 1 item", "Down", "+", "@wait Cart: 2 items", "@wait closed by remote host"]
      )
    }
    let api = store.backend.instances[0].baseURL.appendingPathComponent("shop/carts/1001")
    #expect(await Self.eventually(20) { await Self.quantities(at: api).count == 2 })
    let reached = try #require(store.sessionsStarted().firstIndex(of: 1))
    kill(store.hosts[reached].pid, SIGKILL)
    _ = try await shopping.value
    let again = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Cart: 2 items", command: store.ssh(as: ada), steps: ["q"]
    )
    #expect(again.programStatus == 0, "through the other host, the cart is whole: \(again.log)")
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
    let throughA = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Dot-grid notebook", command: store.ssh(as: ada),
      steps: ["+", "@wait Cart: 1 item", "c", "p", "@wait Confirm your purchase", "Enter", "@wait Order not confirmed", "Enter", "Escape", "q"]
    )
    #expect(throughA.programStatus == 0, "\(throughA.log)")
    #expect(store.sessionsStarted() == [1, 0], "the first session reached host A")
    try await store.route(to: 1)
    let throughB = try await TUIDrive.run(
      stateDirectory: store.workspace, firstScreen: "Cart: 1 item", command: store.ssh(as: ada),
      steps: ["c", "p", "@wait Confirm your purchase", "Enter", "@wait Thank you!", "Enter", "@wait Cart: empty", "q"]
    )
    #expect(throughB.programStatus == 0, "\(throughB.log)")
    #expect(throughB.screens.contains { $0.contains("Your order number is 1.") }, "A's order, answered again through B")
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
