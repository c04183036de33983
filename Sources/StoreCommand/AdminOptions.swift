import ArgumentParser
import Foundation
import StoreModels

/// The options of the back office (`onlinestore admin`): the store's `onlinestore-api`, its
/// admin token, and — set by `onlinestore serve` for an operator who came over SSH — the key they
/// came with, which the audit names. Like ``StoreOptions``, the one type both the command line
/// and the front door use, so what a session is given is checked as a person's flags are.
public struct AdminOptions: ParsableArguments, Sendable {
  @Option(name: .customLong("api"), help: ArgumentHelp("The store's onlinestore-api.", valueName: "url"))
  public var storeAPI: String

  @Option(name: .customLong("admin-token-file"), help: ArgumentHelp("The file holding the API's admin token (--admin-token-file of onlinestore-api).", valueName: "file"))
  public var adminTokenFile: String

  @Option(parsing: .unconditional, help: ArgumentHelp("How long to wait for the API's answer, in seconds.", valueName: "seconds"))
  public var timeout: Int = 10

  @Flag(name: .customLong("no-color"), help: "Draw without colours.")
  public var noColor = false

  /// Set by `onlinestore serve`: the fingerprint of the operator's SSH key.
  @Option(name: .customLong("operator"), help: .hidden)
  public var operatorKey: String?

  public init() {}

  /// The options of a back office on `apiURL` with the token in `adminTokenFile`, parsed as
  /// their command line is (the two have no default, so only parsing can give them values).
  public static func make(apiURL: String, adminTokenFile: String) throws -> AdminOptions {
    try parse(["--api", apiURL, "--admin-token-file", adminTokenFile])
  }

  public func validate() throws {
    guard apiBaseURL != nil else {
      throw ValidationError("--api needs the http or https address of the store's onlinestore-api (got '\(storeAPI)').")
    }
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout needs a number of seconds between 1 and 600 (got \(timeout)).")
    }
    _ = try token()
    if let operatorKey, StoreOptions.keyFingerprint(ofCustomer: "key-" + operatorKey) == nil {
      throw ValidationError("--operator is set by onlinestore serve only.")
    }
  }

  public var apiBaseURL: URL? { StoreOptions.apiBase(storeAPI) }

  /// The admin token, read from its file (which must be this user's alone).
  public func token() throws -> String {
    do {
      return try APIToken.read(from: adminTokenFile)
    } catch {
      throw ValidationError("--admin-token-file: \(error).")
    }
  }

  /// These options as the command line of `onlinestore admin`, the subcommand first.
  public var arguments: [String] {
    var arguments = ["admin", "--api", storeAPI, "--admin-token-file", adminTokenFile]
    if timeout != 10 { arguments += ["--timeout", String(timeout)] }
    if noColor { arguments.append("--no-color") }
    if let operatorKey { arguments += ["--operator", operatorKey] }
    return arguments
  }
}
