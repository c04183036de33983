import Foundation
import Testing

extension TerminalSession {
  /// The wait of a session that took the largest part of its timeout: how close its test came
  /// to failing on a slow machine.
  public struct WaitRecord: Sendable, CustomStringConvertible {
    /// What was waited for.
    public let what: String
    public let took: Duration
    public let timeout: Duration

    public var description: String {
      let share = Int((took / timeout * 100).rounded())
      return "\(Self.milliseconds(took)) of \(Self.milliseconds(timeout)) (\(share) %) waiting for \(what)"
    }

    static func milliseconds(_ duration: Duration) -> String {
      "\(Int((duration / .milliseconds(1)).rounded())) ms"
    }
  }

  /// The environment variable that names a file to which every session, when it is released,
  /// appends a line with its test and its slowest wait: how a flaky suite is measured.
  public static let waitLogVariable = "TERMINAL_SESSION_WAIT_LOG"

  /// Appends `record` to the wait log, if the environment names one.
  static func logSlowestWait(_ record: WaitRecord?, test: String, command: [String]) {
    guard let path = ProcessInfo.processInfo.environment[waitLogVariable], !path.isEmpty, let record else { return }
    let line = "\(test)\t\(command.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "")\t\(record)\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    Foundation.close(descriptor)
  }

  /// The name of the Swift Testing test running now, if any.
  static var currentTestName: String? {
    Test.current.map { "\($0.sourceLocation.fileName):\($0.name)" }
  }
}
