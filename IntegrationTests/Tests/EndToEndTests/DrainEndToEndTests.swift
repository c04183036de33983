import Foundation
import SSHTestSupport
import StoreTestSupport
import TerminalKitTesting
import Testing

/// `onlinestore serve` stopping for a restart (SIGTERM): it accepts no one new, tells each open
/// session the host is restarting, lets it go on until the drain ends, then hangs it up with the
/// cart saved and a word to the shopper.
@Suite(.serialized)
struct DrainEndToEndTests {
  @Test func aRestartTellsTheShopperAndLetsThemFinish() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let state = workspace.appendingPathComponent("state")
    let server = try await ServeProcess.start(stateDirectory: state, arguments: ["--drain-timeout", "4"])
    let ada = try await ShopperKey.make(in: workspace, name: "ada")
    let session = try await StoreTerminal.connect(server.ssh(identity: ada))
    let signalled = ContinuousClock.now
    kill(server.pid, SIGTERM)
    // Nobody new while it drains: the listening socket is closed at once.
    #expect(await SSHEndToEndTests.eventually(3) { !Self.accepts(server.port) }, "no new connection during the drain")
    try await session.waitFor(text: "This host is restarting in a moment. Your cart is saved")  // told on the store's screen
    try session.press("+")
    try await session.waitFor(text: "Cart: 1 item")  // and still shopping after the signal
    try await session.waitFor(text: "This host of the store is restarting; your cart is saved. Connect again")
    _ = try await session.waitForExit()
    let drained = ContinuousClock.now - signalled
    #expect(session.leftChanged.isEmpty, "\(session.leftChanged)")
    #expect(drained >= .seconds(3) && drained < .seconds(12), "hung up when the drain ended (\(drained))")
    #expect(await server.stop() == 0)
    #expect(try SSHEndToEndTests.savedCart(in: state).contains(#""1":1"#), "the line added during the drain is saved")
  }

  @Test func aSecondSignalEndsTheDrainAtOnce() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--drain-timeout", "120"])
    let ada = try await ShopperKey.make(in: workspace, name: "ada")
    let session = try await StoreTerminal.connect(server.ssh(identity: ada))
    kill(server.pid, SIGTERM)
    #expect(await SSHEndToEndTests.eventually(5) { server.logText.contains("draining") })
    try await session.waitFor(text: "host is restarting")
    let again = ContinuousClock.now
    kill(server.pid, SIGTERM)
    try await session.waitFor(text: "Connect again to go on")
    _ = try await session.waitForExit()
    #expect(session.leftChanged.isEmpty, "\(session.leftChanged)")
    #expect(ContinuousClock.now - again < .seconds(8), "the second signal did not wait out the 120 s drain")
    #expect(await server.stop() == 0)
  }

  /// A connection that logged in before the drain and asks for a shell during it gets no store:
  /// it reads the restart message, as the shoppers whose sessions the drain ends do.
  @Test func noStoreStartsOnceTheDrainHasBegun() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"), arguments: ["--drain-timeout", "20"])
    let waiting = try await SSHTestClient.connect(port: server.port)
    let busy = try await SSHTestClient.connect(port: server.port)
    let shopping = try await busy.openSession()
    #expect(await shopping.pty() == true)
    #expect(await shopping.shell() == true)
    #expect(await shopping.waitFor("Dot-grid"), "a session to keep the drain going")
    kill(server.pid, SIGTERM)
    #expect(await SSHEndToEndTests.eventually(5) { server.logText.contains("draining") })
    let late = try await waiting.openSession()
    _ = await late.pty()
    _ = await late.shell()
    #expect(await late.waitFor("This host of the store is restarting"), "\(late.output)")
    #expect(await late.exitStatus() == 1)
    #expect(server.logText.components(separatedBy: "session started").count - 1 == 1, "one store only: \(server.logText)")
    kill(server.pid, SIGTERM)
    await waiting.close()
    await busy.close()
    #expect(await server.stop() == 0)
  }

  /// A store that ignores its hang-up is killed when the grace runs out, and the log says so.
  @Test func aStoreKilledAfterTheGraceIsLogged() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let stubborn = workspace.appendingPathComponent("stubborn-store")
    try TestScript.write("#!/bin/sh\ntrap '' HUP TERM USR1\necho stubborn store\nwhile :; do sleep 1; done\n", to: stubborn)
    chmod(stubborn.path, 0o755)
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"),
      arguments: ["--store-program", stubborn.path, "--hangup-grace", "1", "--drain-timeout", "0"]
    )
    let client = try await SSHTestClient.connect(port: server.port)
    let session = try await client.openSession()
    #expect(await session.pty() == true)
    #expect(await session.shell() == true)
    #expect(await session.waitFor("stubborn store"))
    #expect(await server.stop() == 0)
    #expect(server.logText.contains("session killed"), "\(server.logText)")
    await client.close()
  }

  /// Whether 127.0.0.1:`port` accepts a connection now.
  static func accepts(_ port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
  }
}
