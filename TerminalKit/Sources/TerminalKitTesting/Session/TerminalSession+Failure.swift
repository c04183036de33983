import Foundation
import TerminalKit
import Testing

extension TerminalSession {
  /// Something a session could not do, or a wait that ran out; its message says what was on the
  /// screen and what the program last wrote.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
      self.description = description
    }
  }

  /// The failure of a wait that ran out: what was awaited, the screen with row numbers, the
  /// modes, how the program is, and its last output. In a Swift Testing test the screen and the
  /// recording are attached too (`swift test --attachments-path DIR` keeps them; `asciinema
  /// play` replays the `.cast`).
  func failure(waitingFor what: String, after timeout: Duration) -> Failure {
    let screen = self.screen
    let recording = self.recording
    let status = exitStatus.map(\.description) ?? "still running"
    let rows = screen.textRows.enumerated().map { index, row in
      (index < 9 ? " " : "") + "\(index + 1) │\(row)"
    }
    let message = """
      Waited \(timeout) for \(what) from `\(command.joined(separator: " "))`; it did not come.
      The program: \(status). Its terminal: \(modes).
      The screen (\(screen.size.width)×\(screen.size.height)):
      \(rows.joined(separator: "\n"))
      Its last output, control characters written out:
      \(recentOutput)
      """
    if Test.current != nil {
      Attachment.record(screen.styledText, named: "screen.txt")
      Attachment.record(recording.text, named: "session.cast")
    }
    return Failure(message)
  }
}
