import StoreModels

/// How one session's store is started: the program, its options, and the whole of its
/// environment. Built by the SSH front door from what it checked (the client's terminal and
/// locale, the shopper), and nothing else: no variable of the server's own environment reaches a
/// store.
public struct StoreCommand: Sendable {
  /// The store program: the server's own executable.
  public var executable: String
  public var options: StoreOptions
  /// Set for an operator: the session runs the back office (`onlinestore admin`) with these,
  /// and ``options`` are not used.
  public var admin: AdminOptions?
  /// The terminal type the store draws for (one terminfo knows).
  public var term: String
  /// The locale and colour variables the client sent and the front door accepted.
  public var clientEnvironment: [String: String]
  /// The shopper's own state directory: their cart, their session log.
  public var stateDirectory: String
  /// The cache every session shares (`XDG_CACHE_HOME`): fetched product pictures, which are
  /// the store's and the same for everyone, so a picture is fetched once for all shoppers and
  /// no shopper's home grows a copy.
  public var cacheDirectory: String?
  /// The session's id (in `SessionVariable.name`), which the store sends with each request to
  /// its server as part of the request's `X-Request-Id`.
  public var sessionID: String?
  /// Where the store sends what it measures (in `MetricsSocketVariable.name`): the front door's
  /// socket when the operator asked for metrics.
  public var metricsSocket: String?

  public init(
    executable: String, options: StoreOptions, term: String, clientEnvironment: [String: String], stateDirectory: String,
    cacheDirectory: String? = nil
  ) {
    self.executable = executable
    self.options = options
    self.term = term
    self.clientEnvironment = clientEnvironment
    self.stateDirectory = stateDirectory
    self.cacheDirectory = cacheDirectory
  }

  /// The command line, the program first.
  public var arguments: [String] { [executable] + (admin?.arguments ?? options.arguments) }

  /// `NAME=value` lines: the terminal, the shopper's state directory as their home, a plain
  /// `PATH`, the session's id and metrics socket, the client's variables (sorted, so the same session always gets the same list), and
  /// a UTF-8 locale unless the client chose one.
  public var environment: [String] {
    var lines = ["TERM=\(term)", "XDG_STATE_HOME=\(stateDirectory)", "HOME=\(stateDirectory)", "PATH=/usr/local/bin:/usr/bin:/bin"]
    if let cacheDirectory { lines.append("XDG_CACHE_HOME=\(cacheDirectory)") }
    if let sessionID { lines.append("\(SessionVariable.name)=\(sessionID)") }
    if let metricsSocket { lines.append("\(MetricsSocketVariable.name)=\(metricsSocket)") }
    lines += clientEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    if clientEnvironment["LANG"] == nil, clientEnvironment["LC_ALL"] == nil { lines.append("LANG=C.UTF-8") }
    return lines
  }
}
