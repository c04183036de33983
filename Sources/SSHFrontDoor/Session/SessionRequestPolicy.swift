import Foundation

/// What a session's requests may ask for: which environment variables a client may set, and
/// what terminal sizes mean. Pure, so every rule has a table of tests.
public struct SessionRequestPolicy: Sendable, Equatable {
  /// Whether an exec request's command asks for the store's accessible mode:
  /// `ssh -t HOST accessible` (any case, spaces around ignored). Every other command shops as
  /// a shell does.
  public static func asksForAccessibleMode(_ command: String) -> Bool {
    command.trimmingCharacters(in: .whitespaces).lowercased() == "accessible"
  }

  /// The variables a client may send: the locale (what OpenSSH's `SendEnv LANG LC_*` sends) and
  /// what its terminal can show (`COLORTERM`, `NO_COLOR`). Nothing that could change how the
  /// store runs beyond its language and colours.
  public static let allowedNames: Set<String> = [
    "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LC_TIME",
    "LC_ADDRESS", "LC_IDENTIFICATION", "LC_MEASUREMENT", "LC_NAME", "LC_PAPER", "LC_TELEPHONE", "COLORTERM", "NO_COLOR",
  ]
  /// The longest value a variable may have.
  public static let maximumValueLength = 64
  /// The largest window a client may ask for, in either direction.
  public static let maximumSize = 1_000
  /// The size used where a client sends 0: RFC 4254 says a zero dimension is to be ignored,
  /// which is what `ssh -tt` sends without a local terminal.
  public static let defaultSize = (columns: 80, rows: 24)

  /// The most variables one session may set (`--max-env`).
  public var maximumVariables: Int

  public init(maximumVariables: Int = 16) {
    self.maximumVariables = maximumVariables
  }

  public enum EnvironmentVerdict: Equatable, Sendable {
    case accept
    case refuse(String)
  }

  /// Whether `name=value` may join `current`, the variables accepted so far.
  public func environment(name: String, value: String, current: [String: String]) -> EnvironmentVerdict {
    guard Self.allowedNames.contains(name) else { return .refuse("variable not allowed") }
    guard Self.isSafeValue(value) else { return .refuse("value not allowed") }
    guard current[name] != nil || current.count < maximumVariables else { return .refuse("too many variables") }
    return .accept
  }

  /// 1 to 64 of `[A-Za-z0-9_.@-]`: every locale name (`en_GB.UTF-8`, `sr_RS@latin`), `truecolor`,
  /// `1`; never a path, a space, a quote or a control character.
  static func isSafeValue(_ value: String) -> Bool {
    let bytes = value.utf8
    return (1...maximumValueLength).contains(bytes.count)
      && bytes.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "-")
      }
  }

  /// A window of `columns` × `rows` as the store gets it: a zero dimension becomes the default,
  /// and anything above ``maximumSize`` is refused (`nil`).
  public static func size(columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
    let columns = columns == 0 ? defaultSize.columns : columns
    let rows = rows == 0 ? defaultSize.rows : rows
    guard (1...maximumSize).contains(columns), (1...maximumSize).contains(rows) else { return nil }
    return (columns, rows)
  }
}
