import Foundation
import StoreTestSupport
import TerminalKitTesting
import Testing

/// `--admin-keys` and `--authorized-keys` as an operator writes them, through the real OpenSSH
/// client: a key commented out as revoked gets neither the back office nor, where only listed
/// keys may shop, the shop; the key left in gets the back office; a line with `from=` lets its
/// key in only from there; and the front door says at start which lines it did not take.
@Suite(.serialized)
struct OperatorKeysEndToEndTests {
  @Test func aRevokedOperatorIsRefusedAndTheRemainingOneGetsTheBackOffice() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let apiState = workspace.appendingPathComponent("api")
    try FileManager.default.createDirectory(at: apiState, withIntermediateDirectories: true)
    let adminToken = try BackOfficeEndToEndTests.secret("admin-keys-token-0123456789abcdef", in: apiState, named: "admin.token")
    let frontDoorToken = try BackOfficeEndToEndTests.secret("front-door-keys-token-0123456789ab", in: apiState, named: "front-door.token")
    ServiceUser.handOver(apiState)
    let api = try await APIServerProcess.start(
      database: "sqlite:" + apiState.appendingPathComponent("api.sqlite").path,
      arguments: ["--admin-token-file", adminToken.path, "--front-door-token-file", frontDoorToken.path], asServiceUser: true
    )
    defer { Task { await api.stop() } }
    let revoked = try await ShopperKey.make(in: workspace, name: "revoked")
    let remaining = try await ShopperKey.make(in: workspace, name: "remaining")
    let elsewhere = try await ShopperKey.make(in: workspace, name: "elsewhere")
    let shopper = try await ShopperKey.make(in: workspace, name: "shopper")
    func publicKey(_ key: URL) throws -> String {
      try String(contentsOf: key.appendingPathExtension("pub"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let adminKeys = workspace.appendingPathComponent("admin_keys")
    try """
      # revoked: \(try publicKey(revoked))
      \(try publicKey(remaining))
      from="10.9.9.9" \(try publicKey(elsewhere))
      cert-authority \(try publicKey(shopper))
      """.write(to: adminKeys, atomically: true, encoding: .utf8)
    let authorizedKeys = workspace.appendingPathComponent("authorized_keys")
    try "\(try publicKey(shopper))\n".write(to: authorizedKeys, atomically: true, encoding: .utf8)
    let server = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("state"),
      arguments: [
        "--api", api.baseURL.absoluteString, "--admin-keys", adminKeys.path, "--admin-token-file", frontDoorToken.path,
        "--authorized-keys", authorizedKeys.path,
      ]
    )

    // The revoked key, and the key whose line lets it in only from 10.9.9.9, get nothing.
    for key in [revoked, elsewhere] {
      let refused = try TerminalSession(server.ssh(identity: key), timeout: StoreTerminal.timeout)
      #expect(try await refused.waitForExit() == .exited(255), "ssh fails to log in")
      #expect(!refused.text.contains("Back office") && !refused.text.contains("Products"), "\(refused.text)")
    }
    // The remaining operator gets the back office; the listed shopper the shop.
    let console = try await StoreTerminal.connect(server.ssh(identity: remaining), firstScreen: "Back office")
    try console.press("q")
    _ = try await console.waitForExit()
    let shop = try await StoreTerminal.connect(server.ssh(identity: shopper))
    try await StoreTerminal.quit(shop)

    _ = await server.stop()
    let log = server.logText
    #expect(log.contains("line=4") && log.contains("cert-authority is never accepted"), "the refused line is said at start:\n\(log)")
    #expect(log.contains("operator=SHA256:"), "an operator's session is logged as the operator's:\n\(log)")
  }
}
