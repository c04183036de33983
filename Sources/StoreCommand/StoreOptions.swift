import ArgumentParser
import Foundation
import StoreModels

/// How product pictures are drawn (`--pictures`).
public enum PictureChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
  /// Quadrant blocks, in as many colours as the terminal has.
  case auto
  /// Half blocks only: two pixels a cell, in every font.
  case blocks
  /// Letters and punctuation, for terminals without block glyphs.
  case ascii
  /// No pictures, and no room kept for them.
  case off
}

/// Where a store keeps its shoppers' carts (`--carts`).
public enum CartPlace: String, CaseIterable, ExpressibleByArgument, Sendable {
  /// In the `--api` server when it is `onlinestore-api` (it offers open carts), else in files.
  case auto
  /// In the `--api` server's open carts, shared by every host of the store.
  case server
  /// In a file per store and customer in the state directory, as on one machine.
  case files
}

/// Which hosts pictures may be fetched from (`--picture-hosts`).
public enum PictureHostChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
  /// Any host: a store on the shopper's own machine (the default there).
  case any
  /// Hosts with public addresses only, and the `--api` server: a store on a server (the
  /// default of `onlinestore serve`), which must not be made to reach its own network.
  case `public`
}

/// The options of one store: where it shops, as whom, how it draws. The store's own command line
/// parses them, and the SSH front door writes them (``arguments``) for each session's store: one
/// type on both sides, so a flag the store does not take cannot be passed to it, and what the
/// front door passes is checked by the same rules as what a person types.
public struct StoreOptions: ParsableArguments, Sendable {
  @Option(
    name: .customLong("api"),
    help: ArgumentHelp("Shop at a FakeStore-compatible server instead of the embedded demo catalog.", valueName: "url")
  )
  public var apiURL: String?

  // The numbers are parsed `.unconditional`ly so that `--latency -5` reaches `validate()` and
  // gets a message about the number, not "Missing value" for a flag that looks like an option.
  @Option(parsing: .unconditional, help: ArgumentHelp("How long to wait for the --api server's answer, in seconds.", valueName: "seconds"))
  public var timeout: Int = 10

  @Option(parsing: .unconditional, help: ArgumentHelp("The customer to shop as.", valueName: "id"))
  public var user: Int = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How long the embedded catalog takes to answer, in milliseconds (for demos).", valueName: "ms")
  )
  public var latency: Int = 0

  @Flag(name: .customLong("no-color"), help: "Draw without colours (also when NO_COLOR is set).")
  public var noColor = false

  @Flag(help: "Plain lines for screen readers: forms ask one question at a time, checkout draws no boxes.")
  public var accessible = false

  @Option(
    help: ArgumentHelp(
      "Product pictures: auto (the finest symbols and most colours this terminal shows), blocks (half blocks, in every font), ascii, or off.",
      valueName: "auto|blocks|ascii|off"
    )
  )
  public var pictures: PictureChoice = .auto

  @Option(
    name: .customLong("picture-hosts"),
    help: ArgumentHelp(
      "Fetch pictures from any host, or from public addresses and the --api server only (the default of serve).",
      valueName: "any|public"
    )
  )
  public var pictureHosts: PictureHostChoice?

  @Option(
    help: ArgumentHelp(
      "Where the cart is kept: auto (in the --api server when it is onlinestore-api, else in a file), server, or files.",
      valueName: "auto|server|files"
    )
  )
  public var carts: CartPlace = .auto

  @Option(help: ArgumentHelp("Log every action and the state change it made to this file.", valueName: "file"))
  public var log: String?

  @Option(
    name: .customLong("api-token-file"),
    help: ArgumentHelp("Send the token in this file to the --api server (onlinestore-api --token-file).", valueName: "file")
  )
  public var apiTokenFile: String?

  /// Set by `onlinestore serve` for a session whose shopper has a key: the cart is theirs
  /// (`key-SHA256:…`) rather than customer `--user`'s.
  @Option(help: .hidden)
  public var customer: String?

  /// Set by `onlinestore serve` for a guest (no key): orders go to `--user`, but that customer's
  /// profile and orders are someone else's, so the Profile shows only this session's orders.
  @Flag(help: .hidden)
  public var guest = false

  /// Set by `onlinestore serve`: the folder where the front door keeps the `--api` server's
  /// stock, which it follows once for every session, and rings each session's bell when it
  /// changes. A store given it follows the stock there instead of asking the server itself.
  @Option(name: .customLong("stock-relay"), help: .hidden)
  public var stockRelay: String?

  public init() {}

  public func validate() throws {
    if let apiURL, Self.apiBase(apiURL) == nil {
      throw ValidationError("--api needs an http or https address, such as https://fakestoreapi.com (got '\(apiURL)').")
    }
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout needs a number of seconds between 1 and 600 (got \(timeout)).")
    }
    guard user > 0 else { throw ValidationError("--user needs a positive customer number (got \(user)).") }
    guard (0...60_000).contains(latency) else {
      throw ValidationError("--latency needs a number of milliseconds between 0 and 60000 (got \(latency)).")
    }
    if let log { try Self.checkWritable(log: log) }
    if let customer, Self.keyFingerprint(ofCustomer: customer) == nil {
      throw ValidationError("--customer is set by onlinestore serve only.")
    }
    if guest, customer != nil { throw ValidationError("--guest and --customer are set by onlinestore serve only, and not together.") }
    if let stockRelay, !stockRelay.hasPrefix("/") || apiURL == nil {
      throw ValidationError("--stock-relay is set by onlinestore serve only, with --api and an absolute folder.")
    }
    if carts == .server, apiURL == nil { throw ValidationError("--carts server goes with --api: the carts are kept by that server.") }
    if let apiTokenFile {
      guard apiURL != nil else { throw ValidationError("--api-token-file goes with --api.") }
      _ = try Self.readToken(apiTokenFile)
    }
  }

  /// The `--api` address, if it is an http or https URL with a host.
  static func apiBase(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { return nil }
    return url
  }

  /// `SHA256:…` out of `key-SHA256:…`, if `customer` is such a name.
  static func keyFingerprint(ofCustomer customer: String) -> String? {
    guard customer.hasPrefix("key-SHA256:"), customer.count < 100,
      customer.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || "0123456789+/=:-".unicodeScalars.contains($0) })
    else { return nil }
    return String(customer.dropFirst("key-".count))
  }

  /// The token in `path` (see ``APIToken``).
  public static func readToken(_ path: String) throws -> String {
    do {
      return try APIToken.read(from: path)
    } catch {
      throw ValidationError("--api-token-file: \(error).")
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

  /// The `--api` server's base address, once validated.
  public var apiBaseURL: URL? { apiURL.flatMap(Self.apiBase) }

  /// How the customer came in: a `serve` session's key or guest (`--customer`, `--guest`), else
  /// the account of `--user`.
  public var signIn: SignIn {
    if guest { return .guest }
    if let fingerprint = customer.flatMap(Self.keyFingerprint(ofCustomer:)) { return .key(fingerprint: fingerprint) }
    return .account
  }

  /// These options as a command line again: what a store started with them is given. Every
  /// option that differs from its default is written, in a fixed order, so that parsing the
  /// result gives these options back (`StoreOptionsTests` holds the two sides to that).
  public var arguments: [String] {
    var arguments: [String] = []
    if let apiURL { arguments += ["--api", apiURL] }
    if timeout != 10 { arguments += ["--timeout", String(timeout)] }
    if user != 1 { arguments += ["--user", String(user)] }
    if latency != 0 { arguments += ["--latency", String(latency)] }
    if noColor { arguments.append("--no-color") }
    if accessible { arguments.append("--accessible") }
    if pictures != .auto { arguments += ["--pictures", pictures.rawValue] }
    if let pictureHosts { arguments += ["--picture-hosts", pictureHosts.rawValue] }
    if carts != .auto { arguments += ["--carts", carts.rawValue] }
    if let log { arguments += ["--log", log] }
    if let apiTokenFile { arguments += ["--api-token-file", apiTokenFile] }
    if let customer { arguments += ["--customer", customer] }
    if guest { arguments.append("--guest") }
    if let stockRelay { arguments += ["--stock-relay", stockRelay] }
    return arguments
  }
}
