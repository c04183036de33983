import Foundation
import Testing

/// Keys answered at once, measured in a real pseudo-terminal by the shared
/// `../shared/tools/bytes-per-key.py`.
struct ResponsivenessTests {
  /// Esc must feel instant: ncurses waits ESCDELAY after an Esc byte to tell it from the start
  /// of an arrow key's sequence — a second by default, 25 ms here.
  @Test func escapeClosesTheCartAtOnce() async throws {
    let tool = TUIDrive.root.deletingLastPathComponent().appendingPathComponent("shared/tools/bytes-per-key.py")
    let state = try TUIDrive.temporaryStateDirectory()
    let report = state.appendingPathComponent("keys.json")
    let status = try await CleanSpawn.run(
      "/usr/bin/env",
      [
        "python3", tool.path, "--cols", "80", "--rows", "24", "--keys", "c,esc,c,esc",
        "--first-settle-ms", "800", "--json", report.path, "--env", "XDG_STATE_HOME=\(state.path)",
        "--", TUIDrive.binary.path, "--latency", "0",
      ],
      outputFile: state.appendingPathComponent("tool.log").path
    )
    #expect(status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    let keys = try #require(json?["keys"] as? [[String: Any]])
    let escapes = keys.filter { $0["key"] as? String == "esc" }
    #expect(escapes.count == 2)
    for escape in escapes {
      let milliseconds = try #require(escape["settle_ms"] as? Double, "Esc drew a frame")
      #expect(milliseconds < 300, "Esc answered in \(milliseconds) ms")
    }
  }
}
