import Foundation

/// Where the orders are kept: `sqlite:PATH` or `postgres://user:password@host:port/database`
/// (`postgres://user@/database?host=/run/postgresql` for a Unix socket).
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
  case sqlite(path: String)
  case postgres(PostgresLocation)

  public struct PostgresLocation: Sendable, Equatable {
    public var host: String?
    public var port: Int
    /// A directory holding the server's Unix socket, used instead of `host` when set.
    public var socketDirectory: String?
    public var username: String
    public var password: String?
    public var database: String
    /// `?sslmode=require`: connect over TLS, or not at all. Without it the connection is plain,
    /// for a server on this machine or a private network.
    public var requireTLS = false
  }

  public init(parsing text: String) throws {
    if text.hasPrefix("sqlite:") {
      let path = String(text.dropFirst("sqlite:".count))
      guard !path.isEmpty else { throw DatabaseLocationError("sqlite: needs a path, such as sqlite:/var/lib/onlinestore/api.sqlite") }
      self = .sqlite(path: path)
      return
    }
    guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? "") else {
      throw DatabaseLocationError("--database needs sqlite:PATH or postgres://user:password@host:port/database (got '\(text)')")
    }
    let database = String(url.path.drop { $0 == "/" })
    guard let username = url.user, !username.isEmpty, !database.isEmpty else {
      throw DatabaseLocationError("a postgres:// address needs a user and a database: postgres://user@host/database")
    }
    let socket = url.queryItems?.first { $0.name == "host" }?.value
    guard (url.host?.isEmpty == false) || socket != nil else {
      throw DatabaseLocationError("a postgres:// address needs a host, or ?host=/socket/directory")
    }
    self = .postgres(
      PostgresLocation(
        host: url.host?.isEmpty == false ? url.host : nil, port: url.port ?? 5432, socketDirectory: socket,
        username: username.removingPercentEncoding ?? username,
        password: url.password.map { $0.removingPercentEncoding ?? $0 }, database: database,
        requireTLS: url.queryItems?.first { $0.name == "sslmode" }?.value == "require"
      )
    )
  }

  /// `$XDG_STATE_HOME/onlinestore/api.sqlite`, or under `~/.local/state` (the XDG default).
  public static func defaultSQLite(environment: [String: String] = ProcessInfo.processInfo.environment) -> DatabaseLocation {
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/state")
    return .sqlite(path: state + "/onlinestore/api.sqlite")
  }

  /// For the start-up line: `SQLite at /path`, `PostgreSQL onlinestore at 127.0.0.1:5432`.
  /// Never the password.
  public var description: String {
    switch self {
    case let .sqlite(path): "SQLite at \(path)"
    case let .postgres(location):
      "PostgreSQL \(location.database) at " + (location.socketDirectory ?? "\(location.host ?? "localhost"):\(location.port)")
    }
  }
}

public struct DatabaseLocationError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
