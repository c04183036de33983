import ArgumentParser
import Foundation
import StoreCommand
import StoreModels
import Testing

/// The store's options are one contract between the SSH front door, which writes them for each
/// session, and the store, which parses them.
struct StoreOptionsTests {
  static let commandLines: [[String]] = [
    [],
    ["--api", "http://127.0.0.1:8080", "--timeout", "3", "--user", "1001", "--customer", "key-SHA256:ab+cd/ef="],
    ["--user", "7", "--latency", "250", "--no-color", "--pictures", "ascii", "--guest"],
    ["--no-color", "--accessible"],
    ["--pictures", "blocks", "--picture-hosts", "public"],
    ["--picture-hosts", "any"],
    ["--api", "https://fakestoreapi.com", "--api-token-file", "/dev/null"],
    ["--api", "http://127.0.0.1:8080", "--stock-relay", "/var/lib/onlinestore/stock"],
  ]

  @Test(arguments: commandLines)
  func whatTheFrontDoorWritesTheStoreReadsBack(arguments: [String]) throws {
    // A token file must exist and hold a token for the options to validate.
    let arguments = try arguments.map { $0 == "/dev/null" ? try Self.tokenFile() : $0 }
    let parsed = try StoreOptions.parse(arguments)
    #expect(parsed.arguments == arguments, "written in the same order, nothing lost or added")
    let again = try StoreOptions.parse(parsed.arguments)
    #expect(again.arguments == parsed.arguments)
  }

  /// How the customer came in, as the profile shows it: the front door's key or guest, else the
  /// account of `--user`.
  @Test(arguments: [
    ([String](), SignIn.account),
    (["--user", "7"], .account),
    (["--user", "1001", "--customer", "key-SHA256:ab+cd/ef="], .key(fingerprint: "SHA256:ab+cd/ef=")),
    (["--user", "7", "--guest"], .guest),
  ])
  func theSignInIsReadFromWhatTheFrontDoorWrote(arguments: [String], expected: SignIn) throws {
    #expect(try StoreOptions.parse(arguments).signIn == expected)
  }

  @Test func aSessionsCommandCarriesItsShopperAndNothingOfTheServers() throws {
    var options = try StoreOptions.parse(["--api", "http://127.0.0.1:8080"])
    options.user = 1_001
    options.customer = "key-SHA256:abc"
    let command = StoreCommand(
      executable: "/usr/local/bin/onlinestore", options: options, term: "xterm-256color",
      clientEnvironment: ["LC_ALL": "en_GB.UTF-8", "COLORTERM": "truecolor"], stateDirectory: "/var/lib/onlinestore/shoppers/x"
    )
    #expect(command.arguments == ["/usr/local/bin/onlinestore", "--api", "http://127.0.0.1:8080", "--user", "1001", "--customer", "key-SHA256:abc"])
    #expect(
      command.environment == [
        "TERM=xterm-256color", "XDG_STATE_HOME=/var/lib/onlinestore/shoppers/x", "HOME=/var/lib/onlinestore/shoppers/x",
        "PATH=/usr/local/bin:/usr/bin:/bin", "COLORTERM=truecolor", "LC_ALL=en_GB.UTF-8",
      ]
    )
    let plain = StoreCommand(executable: "/x", options: StoreOptions(), term: "vt100", clientEnvironment: [:], stateDirectory: "/s")
    #expect(plain.environment.last == "LANG=C.UTF-8", "UTF-8 unless the client chose a locale")
    let shared = StoreCommand(executable: "/x", options: StoreOptions(), term: "vt100", clientEnvironment: [:], stateDirectory: "/s", cacheDirectory: "/c")
    #expect(shared.environment.contains("XDG_CACHE_HOME=/c"), "every session's pictures in the server's one cache")
    var traced = plain
    traced.sessionID = "5f0c1e2a9b3d4c6e"
    #expect(traced.environment.contains("ONLINESTORE_SESSION_ID=5f0c1e2a9b3d4c6e"), "the session's id, for the store's requests")
    #expect(!plain.environment.contains { $0.hasPrefix("ONLINESTORE_SESSION_ID=") })
    var measured = plain
    measured.metricsSocket = "/var/lib/onlinestore/store-events.sock"
    #expect(measured.environment.contains("ONLINESTORE_METRICS_SOCKET=/var/lib/onlinestore/store-events.sock"), "where the store's metrics go")
    #expect(!plain.environment.contains { $0.hasPrefix("ONLINESTORE_METRICS_SOCKET=") })
  }

  @Test(arguments: [
    ["--api", "ftp://example.com"], ["--timeout", "0"], ["--user", "0"], ["--latency", "-5"], ["--customer", "ada"],
    ["--customer", "key-SHA256:a b"], ["--guest", "--customer", "key-SHA256:abc"], ["--api-token-file", "/etc/hostname"],
    ["--api", "http://x", "--api-token-file", "/nonexistent/token"], ["--stock-relay", "/var/lib/onlinestore/stock"],
    ["--api", "http://x", "--stock-relay", "relative/stock"],
  ])
  func optionsTheStoreWouldRefuseAreRefused(arguments: [String]) {
    #expect(throws: (any Error).self) { try StoreOptions.parse(arguments) }
  }

  @Test func aTokenIsOneLineOfVisibleCharacters() throws {
    let file = try Self.tokenFile(contents: "  0123456789abcdef0123  \nsecond line ignored\n")
    #expect(try StoreOptions.readToken(file) == "0123456789abcdef0123")
    #expect(throws: (any Error).self) { try StoreOptions.readToken(try Self.tokenFile(contents: "short\n")) }
    #expect(throws: (any Error).self) { try StoreOptions.readToken(try Self.tokenFile(contents: "0123456789abcdef 0123\n")) }
  }

  static func tokenFile(contents: String = "0123456789abcdef0123456789abcdef\n") throws -> String {
    let path = "/tmp/onlinestore-token-\(UInt64.random(in: 0 ... .max))"
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    // A token file others may read is refused.
    chmod(path, 0o600)
    return path
  }
}
