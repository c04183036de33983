import Foundation
import Testing

/// The terminal modes the store turns on — mouse reporting, bracketed paste — are turned off
/// again on the way out, in the bytes a real pseudo-terminal receives
/// (`../shared/tools/bytes-per-key.py --dump`).
struct TerminalModesTests {
  /// Every `ESC [ ? … h|l` the program wrote, in order.
  func modeChanges(keys: String, arguments: [String] = []) async throws -> [String] {
    let tool = TUIDrive.root.deletingLastPathComponent().appendingPathComponent("shared/tools/bytes-per-key.py")
    let state = try TUIDrive.temporaryStateDirectory()
    let dump = state.appendingPathComponent("output.bin")
    let status = try await CleanSpawn.run(
      "/usr/bin/env",
      [
        "python3", tool.path, "--cols", "80", "--rows", "24", "--keys", keys, "--first-settle-ms", "800",
        "--dump", dump.path, "--env", "XDG_STATE_HOME=\(state.path)",
        "--", TUIDrive.binary.path, "--latency", "0",
      ] + arguments,
      outputFile: state.appendingPathComponent("tool.log").path
    )
    #expect(status == 0)
    let output = String(decoding: try Data(contentsOf: dump), as: UTF8.self)
    let pattern = try Regex(#"\u{1B}\[\?[0-9;]+[hl]"#)
    return output.matches(of: pattern).map { String(output[$0.range].dropFirst(3)) }
  }

  @Test(arguments: ["q", "\\x03"])
  func mouseAndPasteAreOffAfterQuitting(key: String) async throws {
    let changes = try await modeChanges(keys: key)
    let mouse = changes.filter { $0.hasPrefix("1006;1000") || $0.hasPrefix("1000") }
    #expect(mouse.first?.hasSuffix("h") == true, "mouse reporting was on: \(changes)")
    #expect(mouse.last?.hasSuffix("l") == true, "and off at the end: \(changes)")
    let paste = changes.filter { $0.hasPrefix("2004") }
    #expect(paste == ["2004h", "2004l"], "\(changes)")
  }

  @Test func noMouseLeavesTheMouseAlone() async throws {
    let changes = try await modeChanges(keys: "q", arguments: ["--no-mouse"])
    #expect(!changes.contains { $0.contains("1000h") }, "\(changes)")
  }
}
