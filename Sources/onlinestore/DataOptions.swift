import ArgumentParser
import Foundation
import Shop

/// Where the shop gets its data, and how the screen looks: shared by the interactive app and
/// `onlinestore snapshot`.
struct DataOptions: ParsableArguments {
  @Option(
    name: .customLong("api"),
    help: ArgumentHelp(
      "Shop at a FakeStore-compatible server instead of the embedded demo catalog.",
      valueName: "url"
    )
  )
  var apiURL: String?

  // The numbers are parsed `.unconditional`ly so that `--latency -5` reaches `validate()` and
  // gets a message about the number, not "Missing value" for a flag that looks like an option.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How long to wait for the --api server's answer, in seconds.", valueName: "seconds")
  )
  var timeout: Int = 10

  @Option(parsing: .unconditional, help: ArgumentHelp("The customer to shop as.", valueName: "id"))
  var user: Int = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How long the embedded catalog takes to answer, in milliseconds (for demos).", valueName: "ms")
  )
  var latency: Int = 0

  @Flag(name: .customLong("no-color"), help: "Draw without colours (also when NO_COLOR is set).")
  var noColor = false

  @Option(
    help: ArgumentHelp("Log every action and the state change it made to this file.", valueName: "file")
  )
  var log: String?

  /// Set by `onlinestore serve` for a session whose shopper has a key: the cart is theirs
  /// (`key-SHA256:…`) rather than customer `--user`'s.
  @Option(help: .hidden)
  var customer: String?

  func validate() throws {
    if let apiURL {
      guard let url = URL(string: apiURL), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw ValidationError("--api needs an http or https address, such as https://fakestoreapi.com (got '\(apiURL)').")
      }
    }
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout needs a number of seconds between 1 and 600 (got \(timeout)).")
    }
    guard user > 0 else { throw ValidationError("--user needs a positive customer number (got \(user)).") }
    guard (0...60_000).contains(latency) else {
      throw ValidationError("--latency needs a number of milliseconds between 0 and 60000 (got \(latency)).")
    }
    if let log { try Self.checkWritable(log: log) }
    if let customer {
      guard customer.hasPrefix("key-SHA256:"), customer.count < 100 else {
        throw ValidationError("--customer is set by onlinestore serve only.")
      }
    }
  }

  /// Refuses a `--log` file that cannot be written, before the screen is taken over. Its
  /// directory must exist: a mistyped path should not quietly create directories.
  private static func checkWritable(log: String) throws {
    let directory = (log as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard directory.isEmpty || (FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
    else {
      throw ValidationError("--log: there is no directory \(directory); create it first or choose another file.")
    }
    let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw ValidationError("--log cannot write to \(log): \(String(cString: strerror(errno))).")
    }
    close(descriptor)
  }

  /// The store to talk to: the server given with `--api`, or the embedded catalog.
  var apiClient: APIClient {
    if let apiURL, let url = URL(string: apiURL) {
      return .live(baseURL: url, timeout: .seconds(timeout))
    }
    return .embedded(latency: .milliseconds(latency))
  }

  /// Whose cart at which store: the customer `--user` at the `--api` server or the embedded
  /// catalog.
  var cartOwner: CartOwner {
    var owner: CartOwner
    if let apiURL, let url = URL(string: apiURL) {
      owner = .api(url, userID: user)
    } else {
      owner = .embedded(userID: user)
    }
    if let customer { owner.customer = customer }
    return owner
  }

  /// The SSH key's fingerprint a `serve` session shops with, if it is one.
  var signedInKey: String? {
    customer.map { String($0.dropFirst("key-".count)) }
  }

  /// These options as arguments again, for the stores `onlinestore serve` starts; the customer
  /// (`--user`) is the session's own.
  var arguments: [String] {
    var arguments = ["--timeout", String(timeout), "--latency", String(latency)]
    if let apiURL { arguments += ["--api", apiURL] }
    if noColor { arguments.append("--no-color") }
    return arguments
  }

  /// The cart's file under the state directory, or a cart in memory when there is no home to
  /// keep it in.
  var cartStorage: CartStorage {
    CartStorage.stateDirectory().map { .files(in: $0, for: cartOwner) } ?? .inMemory()
  }

  /// Whether to draw in colour: not with `--no-color`, nor when `NO_COLOR` is set and not empty
  /// (https://no-color.org).
  var wantsColor: Bool {
    guard !noColor else { return false }
    let environment = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
    return environment.isEmpty
  }
}
