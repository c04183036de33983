/// Why the full-screen terminal could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, a CI job).
  case notATerminal(stream: String)
  /// `TERM` is unset, `dumb`, or names a terminal the terminfo database does not know.
  case unsupportedTerminal(term: String?)
  /// The signal handlers that protect the terminal could not be installed.
  case setupFailed(String)

  public var description: String {
    switch self {
    case let .notATerminal(stream):
      """
      onlinestore needs a terminal: its standard \(stream) is not one.
      To see a screen without a terminal, run: onlinestore snapshot --size 80x24
      """
    case let .unsupportedTerminal(term?):
      """
      onlinestore needs a full-screen terminal, and TERM=\(term) is not one it can drive.
      Run it in a terminal emulator, or set TERM to your terminal's type (for example xterm-256color).
      """
    case .unsupportedTerminal(nil):
      """
      onlinestore needs a full-screen terminal, and TERM is not set.
      Set TERM to your terminal's type (for example xterm-256color).
      """
    case let .setupFailed(reason):
      "onlinestore could not prepare the terminal: \(reason)"
    }
  }
}
