import Foundation
import TerminalKit
import TerminalKitTesting

/// The built `onlinestore` on a terminal of its own: a `TerminalSession` (libvterm in this
/// process on the other side of a pseudo-terminal) with the store's state kept in a directory of
/// the test's.
enum StoreTerminal {
  /// Starts the store with `arguments` on a terminal of `size`, its state in `stateDirectory`,
  /// with `environment` on top of the session's (`TERM=xterm-256color`, a UTF-8 locale).
  static func start(
    _ arguments: [String] = ["--latency", "30"],
    stateDirectory: URL,
    size: Size = Size(width: 80, height: 24),
    environment: [String: String] = [:]
  ) throws -> TerminalSession {
    guard FileManager.default.isExecutableFile(atPath: TUIDrive.binary.path) else {
      throw TUIDrive.Failure("The store was not built: \(TUIDrive.binary.path). Run 'swift build' first.")
    }
    return try TerminalSession(
      [TUIDrive.binary.path] + arguments, size: size,
      environment: ["XDG_STATE_HOME": stateDirectory.path].merging(environment) { $1 }
    )
  }
}
