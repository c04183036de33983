import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One store on two `serve` hosts that keep nothing of a shopper's, each talking to an API
/// instance of its own on one database: the real OpenSSH client, one host key, and a shopper
/// who cannot tell which host they reached. (The same with a load balancer in front and the
/// hosts in network namespaces of their own: ``DeploymentEndToEndTests``.)
@Suite(.serialized)
struct SeveralHostsEndToEndTests {
  /// Two hosts, their API instances, and the workspace they share.
  struct Store {
    let workspace: URL
    let backend: StoreBackend
    let hosts: [ServeProcess]
    let knownHosts: URL

    /// Starts the API instances (`apiArguments[i]` for instance i) and two hosts, host i on
    /// instance i — or, with `live`, on the instance that hears the other's saves at once —
    /// each with `serveArguments[i]`. Both serve one host key (`--new-host-key`, `--host-key`).
    static func open(apiArguments: [[String]] = [], serveArguments: [[String]] = [], live: Bool = false) async throws -> Store {
      let workspace = try StoreTerminal.temporaryStateDirectory()
      let backend = try await StoreBackend.start(in: workspace, arguments: apiArguments)
      let hostKey = try await HostKeyFile.make(in: workspace)
      var hosts: [ServeProcess] = []
      for index in 0..<2 {
        let api = live ? backend.liveAPI(for: index) : backend.api(for: index)
        let arguments = ["--api", api.baseURL.absoluteString, "--host-key", hostKey.path] + (index < serveArguments.count ? serveArguments[index] : [])
        hosts.append(try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("host-\(index)"), arguments: arguments))
      }
      return Store(workspace: workspace, backend: backend, hosts: hosts, knownHosts: workspace.appendingPathComponent("known_hosts"))
    }

    func close() async {
      for host in hosts { _ = await host.stop() }
      await backend.stop()
    }

    /// `ssh` through host `index`, checking its host key against the one every host serves.
    func ssh(_ index: Int, as key: URL) -> [String] {
      hosts[index].ssh(identity: key, knownHosts: knownHosts)
    }

    /// The open cart of customer `number`, from the API.
    func cart(of number: Int) async throws -> [String: Int] {
      let (body, _) = try await URLSession.shared.data(from: backend.instances[0].baseURL.appendingPathComponent("shop/carts/\(number)"))
      let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
      return json?["quantities"] as? [String: Int] ?? [:]
    }

    /// No cart file in either host's state directory: everything a shopper owns is the API's.
    var cartFilesOnHosts: [String] {
      hosts.flatMap { host in
        ((try? FileManager.default.subpathsOfDirectory(atPath: host.stateDirectory.path)) ?? []).filter { $0.contains("/carts/") && $0.hasSuffix(".json") }
      }
    }
  }

  @Test func aKeyIsOneCustomerWithOneCartThroughEitherHost() async throws {
    let store = try await Store.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let bob = try await ShopperKey.make(in: store.workspace, name: "bob")
    let throughA = try await StoreTerminal.connect(store.ssh(0, as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(throughA)
    let bobThroughA = try await StoreTerminal.connect(store.ssh(0, as: bob))
    // The host key of B is the one A showed, and the cart is there.
    let throughB = try await StoreTerminal.connect(store.ssh(1, as: ada), firstScreen: "Cart: 2 items")
    var profiles: [String] = []
    for shopper in [throughA, throughB, bobThroughA] {
      try shopper.press("2")
      try await shopper.waitFor(text: "SSH key")
      profiles.append(shopper.text)
      try await StoreTerminal.quit(shopper)
    }
    #expect(profiles[0].contains("#1001") && profiles[1].contains("#1001"), "one customer number through either host")
    #expect(profiles[2].contains("#1002"), "another key, another number")
    #expect(try await store.cart(of: 1001) == ["1": 1, "2": 1])
    #expect(store.cartFilesOnHosts.isEmpty, "no host keeps a cart of its own: \(store.cartFilesOnHosts)")
    await store.close()
  }

  @Test func aCartFilledThroughOneHostShowsLiveInASessionOnTheOther() async throws {
    let store = try await Store.open(live: true)
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    // Ada is registered through B first, so her number is known before both sessions.
    let watching = try await StoreTerminal.connect(store.ssh(1, as: ada))
    let filling = try await StoreTerminal.connect(store.ssh(0, as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(filling)
    try await watching.waitFor(text: "Cart: 2 items")  // the session on B showed A's cart without a key pressed
    try await StoreTerminal.quit(filling)
    try await StoreTerminal.quit(watching)
    await store.close()
  }

  /// A store waiting for another host's save does nothing until one comes: it was once a
  /// quarter of a core per store (URLSession polling its socket while the answer was held back).
  @Test func aStoreWaitingForAnotherHostsSaveUsesNoCPU() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let api = try await APIServerProcess.start(database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path)
    let marker = api.baseURL.absoluteString
    let sampling = Task {
      var store: Int32?
      for _ in 0..<100 where store == nil {
        try await Task.sleep(for: .milliseconds(50))
        store = Self.processes().first { SSHEndToEndTests.commandLine(of: $0)?.contains("--carts server --api \(marker)") == true }
      }
      let pid = try #require(store, "the store was found")
      try await Task.sleep(for: .seconds(1))
      let before = Self.cpuTicks(pid)
      try await Task.sleep(for: .seconds(3))
      return Self.cpuTicks(pid) - before
    }
    let waiting = try StoreTerminal.start(["--carts", "server", "--api", marker], stateDirectory: workspace)
    try await waiting.waitFor(text: "Dot-grid notebook")
    let ticks = try await sampling.value
    try await StoreTerminal.quit(waiting)
    await api.stop()
    #expect(ticks <= 5, "\(ticks) ticks of CPU in 3 s of waiting (a spinning wait took 75)")
  }

  static func processes() -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
  }

  /// User and system clock ticks `pid` has used.
  static func cpuTicks(_ pid: Int32) -> Int {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(end, offsetBy: 2)...].split(separator: " ")
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }

  @Test func aShopperWhoseHostIsKilledFindsTheirCartThroughTheOther() async throws {
    let store = try await Store.open()
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    let shopping = try await StoreTerminal.connect(store.ssh(0, as: ada))
    try await StoreTerminal.addTheFirstTwoProducts(shopping)
    // The moment the second line is saved, host A dies at once.
    #expect(await DeploymentEndToEndTests.eventually(20) { ((try? await store.cart(of: 1001)) ?? [:]).count == 2 })
    kill(store.hosts[0].pid, SIGKILL)
    try await shopping.waitFor(text: "closed by remote host")
    _ = try await shopping.waitForExit()
    let again = try await StoreTerminal.connect(store.ssh(1, as: ada), firstScreen: "Cart: 2 items")  // through B, the cart is whole
    try await StoreTerminal.quit(again)
    await store.close()
  }

  @Test func anOrderThatTimedOutOnOneHostIsTakenOnceWhenPaidThroughTheOther() async throws {
    // Host A's instance takes orders but answers only after 6 s; A's stores wait 2 s.
    let store = try await Store.open(
      apiArguments: [["--fault", "timeout-rate=1,hold=6s,route=/carts"]], serveArguments: [["--timeout", "2"]]
    )
    let ada = try await ShopperKey.make(in: store.workspace, name: "ada")
    try await SeveralHostsEndToEndTests.orderTimesOutThenIsPaidAgain(
      first: store.ssh(0, as: ada), second: store.ssh(1, as: ada)
    )
    let (body, _) = try await URLSession.shared.data(from: store.backend.instances[1].baseURL.appendingPathComponent("carts/user/1001"))
    let orders = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(orders.count == 1, "taken once: \(orders)")
    #expect(try await store.cart(of: 1001).isEmpty)
    await store.close()
  }

  /// An order sent through the first host (`first`, an SSH command line) whose answer never comes
  /// in time, then paid again through the second: the person is told it may have gone through,
  /// and the second payment is answered with the first order's number.
  static func orderTimesOutThenIsPaidAgain(
    first: [String], second: [String], between: () async throws -> Void = {}
  ) async throws {
    let throughA = try await StoreTerminal.connect(first)
    try throughA.press("+")
    try await throughA.waitFor(text: "Cart: 1 item")
    try throughA.press("c p")
    try await StoreTerminal.checkOut(throughA)
    try throughA.press(.enter)
    try await throughA.waitFor(text: "Order not confirmed")
    try throughA.press(.enter)
    try await throughA.waitUntil("the notice closed") { !$0.plainText.contains("Order not confirmed") }
    // Esc steps back through checkout (review, delivery, address) to the cart, and closes it.
    try throughA.press("Esc")
    try await throughA.waitFor(text: "Checkout · 2/3")
    try throughA.press("Esc")
    try await throughA.waitFor(text: "Checkout · 1/3")
    try throughA.press("Esc")
    try await throughA.waitFor(text: "Cart ─")
    try throughA.press(.escape)
    try await throughA.waitUntil("the cart closed") { !$0.plainText.contains("Cart ─") }
    try await StoreTerminal.quit(throughA)
    try await between()

    let throughB = try await StoreTerminal.connect(second, firstScreen: "Cart: 1 item")
    try await StoreTerminal.payForTheCart(throughB, expecting: "Your order number is 1.")  // the order A sent, answered again
    try await StoreTerminal.quit(throughB)
  }
}
