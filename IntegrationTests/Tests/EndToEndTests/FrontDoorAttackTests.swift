import Foundation
import StoreTestSupport
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import SSHTestSupport
import Testing

/// `onlinestore serve` against clients that mean it harm, each attack the way the review found
/// it could take the server down: floods of requests and bytes, clients that never read, never
/// log in or never ask for a store, too many channels, storms of window changes. Each test
/// measures what the attack made the real server hold (its resident memory, its stores, its
/// CPU), and checks that a real shopper is still served.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FrontDoorAttackTests {
  static func workspace() throws -> URL { try StoreTerminal.temporaryStateDirectory() }

  static func mebibytes(_ bytes: Int?) -> Double { Double(bytes ?? 0) / 1_048_576 }

  /// A server with one ordinary session already drawn, so that its memory is measured warm.
  static func warmServer(
    arguments: [String] = [], openFileLimit: Int? = nil, firstScreen: String = "Dot-grid notebook"
  ) async throws -> (ServeProcess, baseline: Int) {
    let server = try await ServeProcess.start(
      stateDirectory: try workspace().appendingPathComponent("state"), arguments: arguments, openFileLimit: openFileLimit
    )
    let shopper: Shopper
    do {
      shopper = try await Shopper.arrive(port: server.port, expecting: firstScreen)
    } catch {
      Issue.record("the first shopper of a fresh server failed (\(error)); its log:\n\(server.logText.suffix(3_000))")
      throw error
    }
    #expect(try await shopper.leave() == 0)
    // Its store gone, so that the next store a test finds is the one it started.
    #expect(await ProcessProbe.eventually(10) { server.stores.isEmpty }, "the warm-up shopper's store ended")
    try await Task.sleep(for: .milliseconds(300))
    return (server, ProcessProbe(server.pid).residentBytes ?? 0)
  }

  /// A shopper who logs in, asks for a terminal and a store, and waits for its first frame.
  struct Shopper {
    let client: SSHTestClient
    let session: SSHTestSession

    static func arrive(
      port: Int, source: String? = nil, columns: Int = 80, rows: Int = 24, credentials: SSHTestClient.Credentials = .key(),
      expecting firstScreen: String = "Dot-grid notebook"
    ) async throws -> Shopper {
      let client = try await SSHTestClient.connect(port: port, source: source, credentials: credentials)
      let session = try await client.openSession()
      #expect(await session.pty(columns: columns, rows: rows) == true)
      #expect(await session.shell() == true)
      #expect(await session.waitFor(firstScreen), "the store drew: \(session.output.suffix(300))")
      return Shopper(client: client, session: session)
    }

    /// Presses `key` and waits for `text` to appear in what the store sent after it; how long
    /// that took. Waits for the screen to settle first, so that the end of an earlier answer is
    /// not taken for this one.
    func press(_ key: String, expecting text: String) async throws -> Duration? {
      try await settle()
      let before = session.outputByteCount
      let start = ContinuousClock.now
      try await session.send(key)
      let deadline = start + .seconds(10)
      while ContinuousClock.now < deadline {
        if session.outputByteCount > before, session.output(since: before).contains(text) { return ContinuousClock.now - start }
        try await Task.sleep(for: .milliseconds(1))
      }
      return nil
    }

    /// Waits until nothing has arrived for 100 ms.
    func settle() async throws {
      var count = session.outputByteCount
      while true {
        try await Task.sleep(for: .milliseconds(100))
        guard session.outputByteCount != count else { return }
        count = session.outputByteCount
      }
    }

    func leave() async throws -> Int? {
      try await session.send("q")
      let status = await session.exitStatus()
      await client.close()
      return status
    }
  }

  // MARK: Finding 1: environment requests

  @Test func floodsOfEnvironmentRequestsAreRefusedAndHoldNothing() async throws {
    // Executed stores, whose environment /proc shows (a forked store's shows its starter's).
    let (server, baseline) = try await Self.warmServer(arguments: ["--exec-each-store"])
    let client = try await SSHTestClient.connect(port: server.port)
    let session = try await client.openSession()
    #expect(await session.pty() == true)
    // 2,000 names of 30 KB each, without asking for replies: 60 MB the old server kept.
    let longName = "LC_" + String(repeating: "X", count: 30_000)
    for index in 0..<2_000 { await session.environment(longName + "\(index)", "C", wantReply: false) }
    // Allowed names with bad values, and more variables than a session may set.
    #expect(await session.environment("LANG", "en_GB.UTF-8; touch /tmp/x") == false)
    #expect(await session.environment("LD_PRELOAD", "/tmp/evil.so") == false)
    let names = ["LANG", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LC_TIME", "LC_ADDRESS",
      "LC_IDENTIFICATION", "LC_MEASUREMENT", "LC_NAME", "LC_PAPER", "LC_TELEPHONE", "COLORTERM", "NO_COLOR", "LANGUAGE"]
    var accepted = 0
    for name in names where await session.environment(name, "C.UTF-8") == true { accepted += 1 }
    #expect(accepted == 16, "at most 16 variables")
    #expect(await session.shell() == true)
    #expect(await session.waitFor("Dot-grid notebook"))
    let store = try #require(server.stores.first)
    let environment = store.environment
    #expect(!environment.contains { $0.hasPrefix("LC_XXX") || $0.hasPrefix("LD_PRELOAD") })
    #expect(environment.filter { names.contains(String($0.prefix { $0 != "=" })) }.count == 16)
    let grown = Self.mebibytes((ProcessProbe(server.pid).residentBytes ?? 0) - baseline)
    #expect(grown < 16, "the server grew by \(grown) MiB")
    await client.close()
    #expect(await server.stop() == 0)
  }

  @Test func aClientThatKeepsAskingForRepliesIsCutOff() async throws {
    let (server, _) = try await Self.warmServer()
    let client = try await SSHTestClient.connect(port: server.port)
    let session = try await client.openSession()
    var answered = 0
    for _ in 0..<200 {
      guard await session.environment("LC_BOGUS", "x", wantReply: true) != nil else { break }
      answered += 1
    }
    #expect(answered == 64, "the channel closed after 64 replies")
    #expect(!session.isOpen)
    let shopper = try await Shopper.arrive(port: server.port)
    #expect(try await shopper.leave() == 0, "the next shopper is served")
    #expect(await server.stop() == 0)
  }

  // MARK: Finding 2: backpressure

  @Test func aKeystrokeFloodIsThrottledNotQueuedAndOthersDoNotNotice() async throws {
    let (server, baseline) = try await Self.warmServer()
    let bystander = try await Shopper.arrive(port: server.port)
    let flooder = try await Shopper.arrive(port: server.port)
    let flood = Task { await flooder.session.flood(chunk: Array(repeating: UInt8(ascii: "+"), count: 32_768), total: 300 << 20, for: .seconds(6)) }
    try await Task.sleep(for: .seconds(2))
    // The others keep their quick answers while one store is flooded.
    var slowest = Duration.zero
    for key in ["j", "k", "j", "k", "j"] {
      let took = try #require(try await bystander.press(key, expecting: "▸"), "the bystander's key was answered")
      slowest = max(slowest, took)
    }
    let sent = await flood.value
    let grown = Self.mebibytes((ProcessProbe(server.pid).residentBytes ?? 0) - baseline)
    #expect(grown < 24, "the server grew by \(grown) MiB while \(sent >> 20) MiB were pushed at it")
    #expect(sent < 64 << 20, "flow control stopped the flooder after \(sent >> 20) MiB")
    // Milliseconds on a quiet machine (Benchmarks/hostile-front-door.py measures them); the bound
    // allows for a machine busy with every other test.
    #expect(slowest < .seconds(3), "the bystander's slowest key took \(slowest)")
    let store = try #require(server.stores.first { $0.niceness == 10 }, "the flooded store runs at a lower priority")
    #expect(store.isAlive)
    await flooder.client.close()
    #expect(try await bystander.leave() == 0)
    #expect(await server.stop() == 0)
  }

  /// A catalog whose products have long descriptions: on a wide screen the detail pane shows the
  /// selected one, so each move of the selection repaints most of a 1000×300 screen.
  /// A stand-in for the store that writes to its terminal as fast as it can, for ever: a
  /// store's output at a rate the real one reaches only on a very large screen.
  static func floodingStore(in directory: URL) throws -> URL {
    let script = directory.appendingPathComponent("flooding-store")
    try TestScript.write("#!/bin/sh\nexec yes 'the store draws and draws, and nobody reads it'\n", to: script)
    chmod(script.path, 0o755)
    return script
  }

  /// Whether one of `store`'s threads is in a write to its terminal at each of ten looks over a
  /// second: its output is not being read. (One look alone would also catch a write that is
  /// merely under way.)
  static func staysBlockedWriting(_ store: ProcessProbe) async -> Bool {
    for _ in 0..<10 {
      let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(store.pid)/task")) ?? []
      let writing = threads.contains { thread in
        let stack = (try? String(contentsOfFile: "/proc/\(store.pid)/task/\(thread)/stack", encoding: .utf8)) ?? ""
        return stack.contains("n_tty_write")
      }
      guard writing else { return false }
      try? await Task.sleep(for: .milliseconds(100))
    }
    return true
  }

  @Test func aClientThatStopsReadingStopsItsStoreNotTheServersMemory() async throws {
    let workspace = try Self.workspace()
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"),
      arguments: ["--store-program", try Self.floodingStore(in: workspace).path]
    )
    let client = try await SSHTestClient.connect(port: server.port, greedyWindow: true)
    let session = try await client.openSession()
    #expect(await session.pty(columns: 80, rows: 24) == true)
    #expect(await session.shell() == true)
    #expect(await session.waitFor("nobody reads it"))
    let baseline = ProcessProbe(server.pid).residentBytes ?? 0
    let store = try #require(ProcessProbe(server.pid).children.first)
    await client.stopReading()
    // The store writes hundreds of megabytes a second; the window the client granted lets the
    // server send all of it, and only the socket says that nobody reads.
    try await Task.sleep(for: .seconds(3))
    #expect(await Self.staysBlockedWriting(store), "the store is held in its own write, not drained into the server")
    let grown = Self.mebibytes((ProcessProbe(server.pid).residentBytes ?? 0) - baseline)
    #expect(grown < 16, "the server grew by \(grown) MiB holding output for a client that reads none")
    await client.close()
    #expect(await ProcessProbe.eventually(10) { !store.isAlive }, "the store ended with its connection")
    #expect(await server.stop() == 0)
  }

  // MARK: Finding 3: deadlines and caps on connections

  @Test func silentConnectionsCannotLockOutAShopperOrSpinTheServer() async throws {
    let (server, _) = try await Self.warmServer(openFileLimit: 128)
    // 140 connections from 140 addresses that say nothing, more than the descriptors allow.
    let sockets = await Blocking.run { (2..<142).compactMap { RawConnection(port: server.port, source: "127.0.1.\($0)") } }
    #expect(sockets.count == 140)
    let cpuBefore = try #require(ProcessProbe(server.pid).cpuSeconds)
    let start = ContinuousClock.now
    let shopper: Shopper
    do {
      shopper = try await Shopper.arrive(port: server.port)
    } catch {
      Issue.record("the shopper among silent connections failed (\(error)); the server's log:\n\(server.logText.suffix(3_000))")
      throw error
    }
    let firstFrame = ContinuousClock.now - start
    #expect(firstFrame < .seconds(10), "the shopper drew after \(firstFrame)")
    try await Task.sleep(for: .seconds(2))
    let cpu = try #require(ProcessProbe(server.pid).cpuSeconds) - cpuBefore
    #expect(cpu < 1.0, "the server used \(cpu) s of CPU in \(ContinuousClock.now - start)")
    #expect(try await shopper.leave() == 0)
    sockets.forEach { $0.close() }
    #expect(await server.stop() == 0)
  }

  @Test func connectionsThatNeverLogInOrNeverStartAStoreAreClosed() async throws {
    let (server, _) = try await Self.warmServer(arguments: ["--login-timeout", "2", "--no-store-timeout", "3"])
    let silent = try #require(RawConnection(port: server.port))
    let bannerOnly = try #require(RawConnection(port: server.port))
    bannerOnly.send("SSH-2.0-OpenSSH_9.2\r\n")
    let loggedIn = try await SSHTestClient.connect(port: server.port)
    let ptyOnly = try await SSHTestClient.connect(port: server.port)
    let session = try await ptyOnly.openSession()
    #expect(await session.pty() == true)
    // Deadlines of 2 and 3 s; the waits allow for a machine busy with every other test.
    #expect(await Blocking.run { silent.waitUntilClosed(seconds: 15) }, "silent TCP")
    #expect(await Blocking.run { bannerOnly.waitUntilClosed(seconds: 15) }, "a banner and nothing more")
    #expect(await loggedIn.waitUntilClosed(timeout: .seconds(15)), "logged in, no channel")
    #expect(await ptyOnly.waitUntilClosed(timeout: .seconds(15)), "a pty and no shell")
    #expect(await Self.eventually { server.logText.contains("no login within") && server.logText.contains("no store within") }, "\(server.logText)")
    await loggedIn.close()
    await ptyOnly.close()
    #expect(await server.stop() == 0)
  }

  @Test func thisMachinesConnectionsAreCountedUnlessTheOperatorSaysOtherwise() async throws {
    for (arguments, expected) in [([String](), 3), (["--exempt-loopback"], 5)] {
      let (server, _) = try await Self.warmServer(arguments: ["--max-connections-per-address", "3"] + arguments)
      var clients: [SSHTestClient] = []
      for _ in 0..<5 {
        if let client = try? await SSHTestClient.connect(port: server.port, timeout: .seconds(3)) { clients.append(client) }
      }
      #expect(clients.count == expected, "\(arguments)")
      for client in clients { await client.close() }
      #expect(await server.stop() == 0)
    }
  }

  // MARK: PROXY protocol

  static func proxyV1(_ source: String, family: String = "TCP4", destination: String = "127.0.0.1") -> [UInt8] {
    Array("PROXY \(family) \(source) \(destination) 40000 2222\r\n".utf8)
  }

  static func proxyV2(ipv6 source: [UInt8]) -> [UInt8] {
    let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    return signature + [0x21, 0x21, 0, 36] + source + Array(repeating: 0, count: 15) + [1] + [0x9C, 0x40, 0x08, 0xAE]
  }

  @Test func behindABalancerTheLimitsCountTheRealClients() async throws {
    let server = try await ServeProcess.start(
      stateDirectory: try Self.workspace().appendingPathComponent("state"),
      arguments: ["--proxy-protocol-from", "127.0.0.1", "--max-connections-per-address", "2"]
    )
    // Three connections from one IPv6 /64, through the balancer: the third is refused.
    var through: [SSHTestClient] = []
    for last: UInt8 in [1, 2, 3] {
      let source: [UInt8] = [0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 1] + Array(repeating: 0, count: 7) + [last]
      if let client = try? await SSHTestClient.connect(port: server.port, prefix: Self.proxyV2(ipv6: source), timeout: .seconds(3)) {
        through.append(client)
      }
    }
    #expect(through.count == 2, "one /64 is one client")
    let nextSubscriber: [UInt8] = [0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 2] + Array(repeating: 0, count: 8)
    let other = try await SSHTestClient.connect(port: server.port, prefix: Self.proxyV2(ipv6: nextSubscriber))
    through.append(other)
    // Version 1 works as well, and the client it names is who the log shows.
    let shopper = try await SSHTestClient.connect(port: server.port, prefix: Self.proxyV1("203.0.113.7"))
    let session = try await shopper.openSession()
    #expect(await session.pty() == true && session.isOpen)
    #expect(await session.shell() == true)
    #expect(await session.waitFor("Dot-grid notebook"))
    #expect(await Self.eventually { server.logText.contains("client=203.0.113.7") }, "\(server.logText)")
    // Without a header, from the balancer's own address: refused, never taken for a client.
    await #expect(throws: (any Error).self) { try await SSHTestClient.connect(port: server.port, timeout: .seconds(3)) }
    await shopper.close()
    for client in through { await client.close() }
    #expect(await server.stop() == 0)
  }

  @Test func aHeaderFromAnyoneElseIsRefused() async throws {
    let (server, _) = try await Self.warmServer(arguments: ["--proxy-protocol-from", "10.0.0.0/8"])
    // A client claiming to be someone else, not from the balancer: its header is not SSH.
    await #expect(throws: (any Error).self) {
      try await SSHTestClient.connect(port: server.port, prefix: Self.proxyV1("198.51.100.1"), timeout: .seconds(3))
    }
    let shopper = try await Shopper.arrive(port: server.port)
    #expect(try await shopper.leave() == 0, "a plain client is served as before")
    #expect(await server.stop() == 0)
  }

  // MARK: Finding 4: one store per connection

  @Test func oneConnectionCannotTakeEverySessionSlot() async throws {
    let (server, _) = try await Self.warmServer(arguments: ["--max-sessions", "10"])
    let hoarder = try await SSHTestClient.connect(port: server.port)
    var sessions: [SSHTestSession] = []
    for _ in 0..<12 {
      if let session = try? await hoarder.openSession() { sessions.append(session) }
    }
    #expect(sessions.count == 1, "one session channel at a time")
    for session in sessions {
      _ = await session.pty()
      _ = await session.shell()
    }
    #expect(await sessions.first?.waitFor("Dot-grid notebook") == true)
    let others = try await withThrowingTaskGroup(of: Shopper.self) { group in
      for index in 0..<9 { group.addTask { try await Shopper.arrive(port: server.port, source: "127.0.3.\(index + 1)") } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(others.count == 9, "nine more shoppers fill the ten places")
    #expect(server.stores.count == 10)
    for shopper in others { #expect(try await shopper.leave() == 0) }
    await hoarder.close()
    #expect(await server.stop() == 0)
  }

  // MARK: Finding 5: a store outlives its hang-up

  @Test func aWindowChangeStormThenAHangUpLeavesNoStore() async throws {
    let (server, _) = try await Self.warmServer()
    let shopper = try await Shopper.arrive(port: server.port)
    let store = try #require(server.stores.first)
    let cpuBefore = try #require(store.cpuSeconds)
    for index in 0..<8_000 { shopper.session.windowChange(columns: 80 + index % 40, rows: 24 + index % 10) }
    try await Task.sleep(for: .milliseconds(200))
    await shopper.client.close()
    let hungUp = ContinuousClock.now
    #expect(await ProcessProbe.eventually(8) { !store.isAlive }, "the store ended after its hang-up")
    let took = ContinuousClock.now - hungUp
    #expect(took < .seconds(9), "in \(took): the grace is 5 s")
    #expect(await ProcessProbe.eventually(2) { server.stores.isEmpty }, "and no other store is left")
    if let cpu = store.cpuSeconds { #expect(cpu - cpuBefore < 3, "the storm cost the store \(cpu - cpuBefore) s of CPU") }
    #expect(await server.stop() == 0)
  }

  @Test func aStoreThatDoesNotObeyItsHangUpIsKilled() async throws {
    let (server, _) = try await Self.warmServer(arguments: ["--hangup-grace", "2"])
    let shopper = try await Shopper.arrive(port: server.port)
    let store = try #require(server.stores.first)
    // A stopped process cannot act on SIGHUP; only SIGKILL ends it.
    kill(store.pid, SIGSTOP)
    await shopper.client.close()
    #expect(await ProcessProbe.eventually(6) { !store.isAlive }, "killed once the grace was over")
    #expect(await Self.eventually { server.logText.contains("store killed") }, "\(server.logText)")
    let next = try await Shopper.arrive(port: server.port)
    #expect(try await next.leave() == 0, "its place went to the next shopper")
    #expect(await server.stop() == 0)
  }

  // MARK: Finding 6: the session starter

  @Test func theSessionStarterLivesAsLongAsTheServer() async throws {
    let server = try await ServeProcess.start(stateDirectory: try Self.workspace().appendingPathComponent("state"))
    #expect(await ProcessProbe.eventually(5) { server.starter != nil })
    let starter = try #require(server.starter)
    // The thread that started it has long been idle by now.
    try await Task.sleep(for: .seconds(12))
    #expect(starter.isAlive, "the starter is still there")
    let shopper = try await Shopper.arrive(port: server.port)
    #expect(server.starter?.pid == starter.pid, "the first login used it")
    #expect(!server.logText.contains("session starter gone"), "\(server.logText)")
    #expect(try await shopper.leave() == 0)
    #expect(await server.stop() == 0)
  }

  @Test func aStoppedStarterFreezesNoOtherSession() async throws {
    let (server, _) = try await Self.warmServer()
    let shopper = try await Shopper.arrive(port: server.port)
    let starter = try #require(server.starter)
    kill(starter.pid, SIGSTOP)
    let arriving = Task { try await Shopper.arrive(port: server.port) }
    try await Task.sleep(for: .milliseconds(300))
    for key in ["j", "k", "j"] {
      let took = try #require(try await shopper.press(key, expecting: "▸"))
      #expect(took < .seconds(2), "a key took \(took) while the starter was stopped (the starter's own wait is 3 s)")
    }
    let late = try await arriving.value
    #expect(try await late.leave() == 0)
    #expect(try await shopper.leave() == 0)
    kill(starter.pid, SIGKILL)
    #expect(await server.stop() == 0)
  }

  // MARK: Low findings

  @Test func aSubsystemIsRefusedNotLeftHanging() async throws {
    let (server, _) = try await Self.warmServer()
    let client = try await SSHTestClient.connect(port: server.port)
    let session = try await client.openSession()
    #expect(await session.subsystem("sftp") == false)
    await client.close()
    let key = try await ShopperKey.make(in: try Self.workspace(), name: "ada")
    let start = Date()
    let output = try Self.workspace().appendingPathComponent("sftp.txt")
    let status = try await CleanSpawn.run("/usr/bin/env", server.ssh(identity: key, terminal: false, options: ["-s"]).dropLast() + ["shopper@127.0.0.1", "sftp"], outputFile: output.path)
    #expect(status != 0)
    #expect(Date().timeIntervalSince(start) < 10, "OpenSSH was told no and ended")
    #expect(await server.stop() == 0)
  }

  @Test func aTerminalOfZeroSizeGetsTheDefaultSize() async throws {
    let (server, _) = try await Self.warmServer()
    let client = try await SSHTestClient.connect(port: server.port)
    let session = try await client.openSession()
    #expect(await session.pty(columns: 0, rows: 0) == true)
    #expect(await session.shell() == true)
    #expect(await session.waitFor("Dot-grid notebook"))
    await client.close()
    #expect(await server.stop() == 0)
  }

  @Test(arguments: [[String](), ["--exec-each-store"]])
  func aStoreInheritsNoDescriptorOfTheServer(launch: [String]) async throws {
    let (server, _) = try await Self.warmServer(arguments: launch)
    let shopper = try await Shopper.arrive(port: server.port)
    let store = try #require(server.stores.first)
    // A socket is inherited when it is one of the server's own (the same inode); the store's
    // own (its cart bell) is not.
    let serversSockets = Set(ProcessProbe(server.pid).descriptors.values.filter { $0.hasPrefix("socket:") })
    let inherited = store.descriptors.filter { serversSockets.contains($0.value) || $0.value == "/dev/ptmx" || $0.value.contains("customers.sqlite") }
    #expect(inherited.isEmpty, "\(inherited)")
    // Nor the server's environment, even in the block its first environment occupied (a store
    // forked by the starter once showed the server's own there).
    let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(store.pid)/environ"))) ?? Data()
    let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    let serverHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
    #expect(!variables.contains("HOME=" + serverHome), "\(variables)")
    #expect(try await shopper.leave() == 0)
    #expect(await server.stop() == 0)
  }

  @Test func eachKeyHasAHomeOfItsOwn() async throws {
    let (server, _) = try await Self.warmServer(arguments: ["--exec-each-store"])
    let ada = try await Shopper.arrive(port: server.port)
    let bob = try await Shopper.arrive(port: server.port)
    let homes = Set(server.stores.compactMap { $0.environment.first { $0.hasPrefix("HOME=") } })
    #expect(homes.count == 2, "\(homes)")
    #expect(homes.allSatisfy { $0.contains("/shoppers/SHA256_") })
    #expect(try await ada.leave() == 0)
    #expect(try await bob.leave() == 0)
    #expect(await server.stop() == 0)
  }

  @Test func guestHomesLeftByAKilledServerAreSweptAtTheNextStart() async throws {
    let state = try Self.workspace().appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state)
    let guest = try await Shopper.arrive(port: server.port, credentials: .password("guest"))
    let guests = state.appendingPathComponent("guests")
    #expect(try FileManager.default.contentsOfDirectory(atPath: guests.path).count == 1)
    kill(server.pid, SIGKILL)
    await guest.client.close()
    try await Task.sleep(for: .milliseconds(500))
    #expect(try FileManager.default.contentsOfDirectory(atPath: guests.path).count == 1, "left behind by SIGKILL")
    let again = try await ServeProcess.start(stateDirectory: state)
    #expect(try FileManager.default.contentsOfDirectory(atPath: guests.path).isEmpty, "swept at the next start")
    #expect(await again.stop() == 0)
  }

  @Test func aGuestUnderTheStoresOwnServerSeesNoOtherCustomersOrders() async throws {
    let workspace = try Self.workspace()
    let api = try await APIServerProcess.start(database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path)
    var order = URLRequest(url: api.baseURL.appendingPathComponent("carts"))
    order.httpMethod = "POST"
    order.httpBody = Data(#"{"userId":1,"products":[{"productId":1,"quantity":3}]}"#.utf8)
    let (_, answer) = try await URLSession.shared.data(for: order)
    #expect((answer as? HTTPURLResponse)?.statusCode == 200, "customer 1 has an order")
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--api", api.baseURL.absoluteString]
    )
    let guest = try await Shopper.arrive(port: server.port, credentials: .password("guest"))
    try await guest.session.send("2")
    #expect(await guest.session.waitFor("a guest"), "\(guest.session.output.suffix(500))")
    #expect(await guest.session.waitFor("No orders yet"))
    #expect(!guest.session.output.contains("#1 "), "customer 1's order is not shown to a guest")
    #expect(try await guest.leave() == 0)
    #expect(await server.stop() == 0)
    await api.stop()
  }

  @Test func aStateDirectoryOthersCanWriteIsRefusedWithAMessage() async throws {
    let state = try Self.workspace().appendingPathComponent("state")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    chmod(state.path, 0o777)
    await #expect(throws: (any Error).self) { try await ServeProcess.start(stateDirectory: state) }
  }

  /// Waits up to `seconds` for `condition`.
  static func eventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    await ProcessProbe.eventually(seconds, condition)
  }
}
