import ArgumentParser
import Foundation
import StoreCommand
import Testing

/// The back office's options are what the front door writes for an operator's session and what
/// `onlinestore admin` parses: the same contract as the store's.
struct AdminOptionsTests {
  @Test func whatTheFrontDoorWritesTheConsoleReadsBack() throws {
    let token = try StoreOptionsTests.tokenFile()
    var options = try AdminOptions.make(apiURL: "http://127.0.0.1:8080", adminTokenFile: token)
    options.operatorKey = "SHA256:ab+cd/ef="
    options.noColor = true
    options.timeout = 3
    #expect(options.arguments == ["admin", "--api", "http://127.0.0.1:8080", "--admin-token-file", token, "--timeout", "3", "--no-color", "--operator", "SHA256:ab+cd/ef="])
    let parsed = try AdminOptions.parse(Array(options.arguments.dropFirst()))
    #expect(parsed.arguments == options.arguments)
    let command = StoreCommand(executable: "/usr/bin/onlinestore", options: try StoreOptions.parse([]), term: "xterm", clientEnvironment: [:], stateDirectory: "/tmp")
    var operatorCommand = command
    operatorCommand.admin = options
    #expect(operatorCommand.arguments.prefix(2) == ["/usr/bin/onlinestore", "admin"], "an operator's session runs the back office")
    #expect(command.arguments == ["/usr/bin/onlinestore"], "a shopper's runs the shop")
  }

  @Test func whatIsRefused() throws {
    let token = try StoreOptionsTests.tokenFile()
    for arguments in [
      ["--api", "ftp://x", "--admin-token-file", token],
      ["--api", "http://127.0.0.1:8080", "--admin-token-file", "/nonexistent/token"],
      ["--api", "http://127.0.0.1:8080", "--admin-token-file", token, "--operator", "anyone; rm -rf /"],
      ["--api", "http://127.0.0.1:8080", "--admin-token-file", token, "--timeout", "0"],
      ["--admin-token-file", token],
    ] {
      #expect(throws: (any Error).self, "\(arguments)") { try AdminOptions.parse(arguments) }
    }
  }
}
