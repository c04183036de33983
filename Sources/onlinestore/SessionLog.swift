import Composable
import Shop
import Foundation
import IssueReporting
import Synchronization

/// A log file for a session in full-screen mode, where nothing may be printed to the screen:
/// problems the core reports, anything written to standard error, and with `--log`, every action
/// and the state change it made.
final class SessionLog: Sendable {
  let path: String
  private let descriptor: Int32
  private let lock = Mutex(())

  /// Opens `path` for appending (creating its directory), or returns `nil` if that is impossible.
  init?(path: String, truncate: Bool) {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND)
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else { return nil }
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// The default place: next to the saved cart, replaced by each session.
  static func defaultPath() -> String? {
    CartStorage.stateDirectory()?.appendingPathComponent("session.log").path
  }

  func write(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    lock.withLock { _ in
      line.utf8CString.withUnsafeBufferPointer { buffer in
        _ = Foundation.write(descriptor, buffer.baseAddress, buffer.count - 1)
      }
    }
  }

  /// Where `_printChanges` writes.
  var changeSink: ChangeSink {
    ChangeSink { [self] entry in write(entry) }
  }

  /// Sends standard error to this file until the returned function is called.
  func captureStandardError() -> () -> Void {
    let original = dup(STDERR_FILENO)
    dup2(descriptor, STDERR_FILENO)
    return {
      dup2(original, STDERR_FILENO)
      close(original)
    }
  }
}

/// Problems reported by the core (an action for a missing row, an unhandled error in an
/// effect) go to the session log instead of the screen.
struct LogIssueReporter: IssueReporter {
  let log: SessionLog

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    log.write("issue (\(fileID):\(line)): \(message() ?? "")")
  }

  func reportIssue(
    _ error: any Error, _ message: @autoclosure () -> String?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    log.write("issue (\(fileID):\(line)): \(error) \(message() ?? "")")
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {}
}
