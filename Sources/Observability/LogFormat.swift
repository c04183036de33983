import Logging

/// How a server writes its log to standard error (`--log-format`): lines of text, or one JSON
/// object per line (``JSONLogHandler``).
public enum LogFormat: String, CaseIterable, Sendable {
  case text, json

  /// Makes this the process's logging system; call once, before the first logger is made.
  public func bootstrap() {
    switch self {
    case .text: LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
    case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
    }
  }
}
