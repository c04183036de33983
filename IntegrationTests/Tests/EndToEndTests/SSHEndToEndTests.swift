import Foundation
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `onlinestore serve` with the real OpenSSH client, on a terminal of its own (`TerminalSession`):
/// shoppers by key and as guests, carts kept per key, dropped connections, window changes,
/// unknown terminals, and stopping the server.
@Suite(.serialized)
struct SSHEndToEndTests {
  /// The directory of one test: the server's state and the shoppers' keys.
  static func workspace() throws -> URL { try StoreTerminal.temporaryStateDirectory() }

  /// Store processes still running for the server whose state is `directory`: found by the
  /// title a forked store shows (`onlinestore store: session N`) and a file it holds open in its
  /// shopper's home under `directory` (its session log), or by the `XDG_STATE_HOME` of a store
  /// executed on its own.
  static func storeProcesses(of directory: URL) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      // A store's state is its shopper's home under the server's state directory.
      if let title = commandLine(of: pid), title.hasPrefix("onlinestore store: "), !openFiles(of: pid, under: directory).isEmpty {
        return true
      }
      guard let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ")) else { return false }
      return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).hasPrefix("XDG_STATE_HOME=\(directory.path)/") }
    }
  }

  /// The one key shopper's saved cart under the server's state directory `state`, as text.
  static func savedCart(in state: URL) throws -> String {
    let saved = try FileManager.default.subpathsOfDirectory(atPath: state.path)
    let cart = try #require(saved.first { $0.hasSuffix(".json") && $0.contains("/carts/") && $0.contains("key-SHA256") })
    return try String(contentsOf: state.appendingPathComponent(cart), encoding: .utf8)
  }

  /// The files `pid` holds open under `directory`.
  static func openFiles(of pid: Int32, under directory: URL) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
      .filter { $0.hasPrefix(directory.path + "/") }
  }

  /// What `ps` shows for `pid`: its command line, its arguments joined by spaces.
  static func commandLine(of pid: Int32) -> String? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return nil }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
  }

  /// Waits up to `seconds` for `condition`.
  static func eventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
  }

  /// `ssh -tt` to `server` as the shopper whose key is `identity` (a guest without one), on a
  /// terminal of its own; returns once the store's first screen is there.
  static func shopper(_ server: ServeProcess, identity: URL?, environment: [String: String] = [:]) async throws -> TerminalSession {
    try await StoreTerminal.connect(server.ssh(identity: identity), environment: environment)
  }

  static func quit(_ session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await StoreTerminal.quit(session, sourceLocation: sourceLocation)
  }

  @Test func aPurchaseOverSSHThenQuitEndsTheSessionWithStatus0() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try await Self.shopper(server, identity: key)
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try shopper.resize(to: Size(width: 120, height: 30))
    try await shopper.waitFor(text: "★")  // the detail pane appears at 120 columns
    #expect(shopper.screen.textRows[0].count > 100, "the store reflowed to 120 columns")
    try await StoreTerminal.payForTheCart(shopper)
    try shopper.press("2")
    try await shopper.waitFor(text: "#1 ")
    let profile = shopper.text
    try await Self.quit(shopper)
    #expect(await Self.eventually { server.logText.contains("store exited 0") }, "\(server.logText)")
    let fingerprint = try #require(server.logText.firstMatch(of: /shopper=(SHA256:\S+)/)?.1)
    #expect(profile.contains("SSH key") && profile.contains(fingerprint), "the profile says who is shopping: \(profile)")
    #expect(profile.contains("#1001"), "with the key's own customer number, under which it ordered")
    #expect(await server.stop() == 0)
  }

  @Test func aKeyShopperOrdersAtTheStoresOwnServer() async throws {
    let workspace = try Self.workspace()
    let api = try await APIServerProcess.start(database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path)
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--api", api.baseURL.absoluteString]
    )
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try await Self.shopper(server, identity: key)
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try await StoreTerminal.payForTheCart(shopper, expecting: "Your order number is 1.")
    try shopper.press("2")
    try await shopper.waitFor(text: "#1001")  // the profile names the key's number
    try await shopper.waitFor(text: "#1 ")  // and the history lists the order, read back from the server
    try await Self.quit(shopper)
    #expect(await server.stop() == 0)

    let (body, _) = try await URLSession.shared.data(from: api.baseURL.appendingPathComponent("carts/user/1001"))
    await api.stop()
    let orders = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(orders.count == 1 && orders.first?["userId"] as? Int == 1001, "the order landed under the key's number")
  }

  @Test func eachKeyHasItsOwnCartKeptAcrossLoginsAndRestarts() async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let ada = try await ShopperKey.make(in: workspace, name: "ada")
    let bob = try await ShopperKey.make(in: workspace, name: "bob")
    var server = try await ServeProcess.start(stateDirectory: state)
    let adaShops = try await Self.shopper(server, identity: ada)
    try adaShops.press("+ +")
    try await adaShops.waitFor(text: "Cart: 2 items")
    try await Self.quit(adaShops)
    let bobLooks = try await Self.shopper(server, identity: bob)
    try await bobLooks.waitForIdle(quiet: .milliseconds(300))
    #expect(bobLooks.text.contains("Cart: empty"), "another key, another cart")
    try await Self.quit(bobLooks)
    #expect(await server.stop() == 0)

    server = try await ServeProcess.start(stateDirectory: state)
    let adaReturns = try await Self.shopper(server, identity: ada)
    try await adaReturns.waitFor(text: "Cart: 2 items")  // the same key finds its cart after a restart
    try await Self.quit(adaReturns)
    #expect(await server.stop() == 0)
  }

  /// Every store of a server runs as one user, and Debian gives a user 128 inotify instances:
  /// the 129th shopper's store once could not watch its cart and said so on screen. A server's
  /// stores now ring each other's bells instead and hold no inotify instance at all — and two
  /// windows of one key still see each other's changes at once.
  @Test func twoWindowsOfOneKeyShareTheirCartLiveWithoutInotify() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let ada = try await ShopperKey.make(in: workspace, name: "ada")
    let watching = try await Self.shopper(server, identity: ada)
    let stores = server.stores
    #expect(!stores.isEmpty)
    for store in stores {
      #expect(Self.inotifyInstances(of: store.pid) == 0, "store \(store.pid) holds no inotify instance")
    }
    let filling = try await Self.shopper(server, identity: ada)
    try await StoreTerminal.addTheFirstTwoProducts(filling)
    try await watching.waitFor(text: "Cart: 2 items")  // the other window, without a key pressed
    try await Self.quit(filling)
    try await Self.quit(watching)
    #expect(await server.stop() == 0)
  }

  /// How many inotify instances process `pid` holds.
  static func inotifyInstances(of pid: Int32) -> Int {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == "anon_inode:inotify" }.count
  }

  @Test func withoutATerminalTheStoreSaysSoAndExits1() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let output = workspace.appendingPathComponent("ssh-T.txt")
    let command = server.ssh(identity: key, terminal: false)
    let status = try await CleanSpawn.run("/usr/bin/env", command, outputFile: output.path)
    #expect(status == 1)
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect(text.contains("The store needs a terminal: connect with ssh -t."), "\(text)")
    #expect(await server.stop() == 0)
  }

  @Test func aGuestWithoutAKeyCanShop() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    // LogLevel INFO: OpenSSH shows a server's banner only from that level.
    let guest = try await StoreTerminal.connect(
      server.ssh(identity: nil, options: ["-o", "LogLevel=INFO"]), environment: try Self.askpass(in: workspace)
    )
    #expect(
      guest.recording.lines.joined().contains("any password, or none (press Enter), lets you in"),
      "the client is told before its password prompt that any password will do"
    )
    try guest.press("+")
    try await guest.waitFor(text: "Cart: 1 item")
    try await Self.quit(guest)
    #expect(await Self.eventually { server.logText.contains("shopper=guest") }, "\(server.logText)")
    #expect(await server.stop() == 0)
  }

  /// Both ways a store is started: forked by the session starter, and executed on its own (the
  /// fallback when there is no starter).
  static let launchModes: [[String]] = [[], ["--exec-each-store"]]

  @Test(arguments: launchModes)
  func aDroppedConnectionSavesTheCartAndLeavesNoProcess(launchMode: [String]) async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state, arguments: launchMode)
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let dropped = try await Self.shopper(server, identity: key)
    try dropped.press("+")
    try await dropped.waitFor(text: "Cart: 1 item")
    dropped.signal(SIGKILL)
    #expect(try await dropped.waitForExit() == .signalled(SIGKILL))
    #expect(await Self.eventually { Self.storeProcesses(of: state).isEmpty }, "the store ended with its connection")
    #expect(await Self.eventually { server.logText.contains("connection dropped") }, "\(server.logText)")
    let back = try await Self.shopper(server, identity: key)
    try await back.waitFor(text: "Cart: 1 item")  // the cart was saved, and the server still serves
    try await Self.quit(back)
    #expect(await server.stop() == 0)
  }

  @Test func aTerminalThisMachineDoesNotKnowStillGetsAStore() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try await Self.shopper(server, identity: key, environment: ["TERM": "xterm-kitty"])
    try shopper.press("+")
    try await shopper.waitFor(text: "Cart: 1 item")
    try await Self.quit(shopper)
    #expect(await Self.eventually { server.logText.contains("term=xterm-256color") }, "\(server.logText)")
    #expect(await server.stop() == 0)
  }

  /// Stopping without a drain (`--drain-timeout 0`); the drain is `DrainEndToEndTests`'.
  @Test func stoppingTheServerEndsEverySessionWithItsCartSaved() async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state, arguments: ["--drain-timeout", "0"])
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try await Self.shopper(server, identity: key)
    try shopper.press("+ + +")
    try await shopper.waitFor(text: "Cart: 3 items")
    // The server is stopped while the session is open.
    let asked = ContinuousClock.now
    let status = await server.stop()
    #expect(status == 0)
    #expect(ContinuousClock.now - asked < .seconds(5), "stopped within 5 s")
    #expect(try await shopper.waitForExit() == .exited(129), "the session's store ended as on a hang-up")
    #expect(Self.storeProcesses(of: state).isEmpty)
    let json = try Self.savedCart(in: state)
    #expect(json.contains(":3"), "three of the first product: \(json)")
  }

  /// A script OpenSSH asks for a password with, when it has no key: it answers "guest".
  static func askpass(in workspace: URL) throws -> [String: String] {
    let script = workspace.appendingPathComponent("askpass.sh")
    try TestScript.write("#!/bin/sh\necho guest\n", to: script)
    chmod(script.path, 0o700)
    return ["SSH_ASKPASS": script.path, "SSH_ASKPASS_REQUIRE": "force"]
  }

  /// The server's store processes: its children, but for the session starter.
  static func stores(of server: ServeProcess) -> [Int32] {
    children(of: server).filter { commandLine(of: $0) != "onlinestore serve: session starter" }
  }

  /// The server's child processes.
  static func children(of server: ServeProcess) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == server.process.processIdentifier
    }
  }

  @Test func thirtySessionsAtOnceAndACrashEndsOnlyItsOwn() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let environment = try Self.askpass(in: workspace)
    // Each from an address of its own: the server counts connections per address.
    let clients = try (0..<30).map { index in
      try TerminalSession(server.ssh(identity: nil, source: "127.0.5.\(index + 1)"), environment: environment, timeout: StoreTerminal.timeout)
    }
    for client in clients { try await client.waitFor(text: "Dot-grid notebook") }
    for client in clients { try client.press("+") }
    for client in clients { try await client.waitFor(text: "Cart: 1 item") }
    #expect(Self.stores(of: server).count == 30)

    let victim = try #require(Self.stores(of: server).first)
    kill(victim, SIGSEGV)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while clients.allSatisfy({ $0.exitStatus == nil }), clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    try await Task.sleep(for: .milliseconds(500))  // room for a second session to end, which must not
    let ended = clients.filter { $0.exitStatus != nil }
    #expect(ended.count == 1 && ended.first?.exitStatus == .exited(139), "one session ended, with the store's signal")
    let survivors = clients.filter { $0.exitStatus == nil }
    for client in survivors { try client.press("+") }
    for client in survivors { try await client.waitFor(text: "Cart: 2 items") }  // the other 29 still answer keys
    #expect(survivors.count == 29)
    for client in survivors { try client.press("q") }
    for client in survivors { #expect(try await client.waitForExit() == .exited(0)) }
    #expect(await Self.eventually { server.logText.contains("store ended by signal 11") }, "\(server.logText)")
    #expect(await server.stop() == 0)
  }

  @Test func storesAreForkedByASessionStarterThatComesBackWhenKilled() async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state)
    let environment = try Self.askpass(in: workspace)
    let starters = { Self.children(of: server).filter { Self.commandLine(of: $0) == "onlinestore serve: session starter" } }
    #expect(await Self.eventually { starters().count == 1 }, "the server started a session starter")
    let first = try #require(starters().first)

    let alice = try await Self.shopper(server, identity: nil, environment: environment)
    let store = try #require(Self.stores(of: server).first, "the store is the server's child, to wait for")
    let title = try #require(Self.commandLine(of: store))
    #expect(title.hasPrefix("onlinestore store: session "), "ps shows a session, and nothing of whose it is: \(title)")
    #expect(!title.contains(state.path) && !title.contains("guest") && !title.contains("SHA256"), "\(title)")
    #expect(Self.openFiles(of: store, under: state).contains { $0.hasPrefix(state.path + "/guests/") }, "a guest's cart lives in a home that goes with the connection")

    kill(first, SIGKILL)
    let bob = try await Self.shopper(server, identity: nil, environment: environment)  // a new session still gets a store
    #expect(await Self.eventually { starters().count == 1 && starters().first != first }, "the starter was started again")
    try alice.press("+")
    try await alice.waitFor(text: "Cart: 1 item")  // the first session never noticed
    try await Self.quit(alice)
    try await Self.quit(bob)
    #expect(await Self.eventually { server.logText.components(separatedBy: "store exited 0").count == 3 }, "\(server.logText)")
    let second = try #require(starters().first)
    #expect(await server.stop() == 0)
    #expect(await Self.eventually { !FileManager.default.fileExists(atPath: "/proc/\(second)") }, "the starter ends with the server")
  }

  /// A starter that stops answering (here: stopped with SIGSTOP) must not hold the server up:
  /// after 3 s it is replaced, and the session that asked still gets its store.
  @Test func aStarterThatStopsAnsweringIsReplaced() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let environment = try Self.askpass(in: workspace)
    let starters = { Self.children(of: server).filter { Self.commandLine(of: $0) == "onlinestore serve: session starter" } }
    #expect(await Self.eventually { starters().count == 1 })
    let stopped = try #require(starters().first)
    kill(stopped, SIGSTOP)
    let client = try await Self.shopper(server, identity: nil, environment: environment)  // the session got a store
    #expect(starters().count == 1 && starters().first != stopped, "a new starter took over")
    #expect(await Self.eventually { server.logText.contains("session starter gone") }, "\(server.logText)")
    try await Self.quit(client)
    #expect(await server.stop() == 0)
  }

  @Test func garbageAndVanishingClientsDoNotTakeTheServerDown() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let port = server.port
    await Blocking.run {
      for payload in ["GET / HTTP/1.1\r\nHost: x\r\n\r\n", "SSH-2.0-x\r\n" + String(repeating: "\u{7}\u{0}garbage", count: 5_000), ""] {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        _ = payload.utf8CString.withUnsafeBufferPointer { send(socket, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
        close(socket)
      }
    }
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let output = workspace.appendingPathComponent("after.txt")
    let status = try await CleanSpawn.run("/usr/bin/env", server.ssh(identity: key, terminal: false), outputFile: output.path)
    #expect(status == 1, "the server still answers: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
    #expect(await server.stop() == 0)
  }

  @Test func overTheSessionLimitTheStoreIsFull() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--max-sessions", "1"])
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let first = try await Self.shopper(server, identity: key)
    let second = try TerminalSession(server.ssh(identity: key), timeout: StoreTerminal.timeout)
    #expect(try await second.waitForExit() == .exited(1))
    try await second.waitFor(text: "The store is full, try again in a minute.")
    try await Self.quit(first)
    #expect(await server.stop() == 0)
  }

  @Test func anIdleSessionEndsAsAHangUpWithItsCartSaved() async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state, arguments: ["--idle-timeout", "2"])
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let client = try await Self.shopper(server, identity: key)
    try client.press("+")
    let pressed = ContinuousClock.now
    #expect(try await client.waitForExit() == .exited(129), "ended as on a hang-up")
    #expect(ContinuousClock.now - pressed >= .milliseconds(1_500), "not before the timeout")
    #expect(await Self.eventually { server.logText.contains("ending=idle") }, "\(server.logText)")
    let json = try Self.savedCart(in: state)
    #expect(json.contains(":1"), "\(json)")
    #expect(await server.stop() == 0)
  }

  /// The server killed with SIGKILL: it cannot hang anyone up, but each store's pty closes with
  /// it, the kernel hangs the store up, and the store saves its cart and exits.
  @Test func killingTheServerLeavesNoStoreAndLosesNoCart() async throws {
    let workspace = try Self.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state)
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let client = try await Self.shopper(server, identity: key)
    try client.press("+ +")
    try await client.waitFor(text: "Cart: 2 items")
    #expect(Self.storeProcesses(of: state).count == 1)
    kill(server.process.processIdentifier, SIGKILL)
    #expect(await Self.eventually { Self.storeProcesses(of: state).isEmpty }, "no store is left behind")
    _ = try await client.waitForExit()  // the client's connection ended
    let json = try Self.savedCart(in: state)
    #expect(json.contains(":2"), "\(json)")
  }
}
