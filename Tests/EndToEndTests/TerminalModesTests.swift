import Foundation
import StoreTestSupport
import Testing

/// The terminal modes the store turns on — mouse reporting, bracketed paste — are turned off
/// again on the way out, in the bytes a real pseudo-terminal receives.
struct TerminalModesTests {
  /// Every `ESC [ ? … h|l` the program wrote, in order, when `key` was pressed on its first
  /// screen; empty if it never drew one or did not end.
  func modeChanges(key: String, arguments: [String] = []) async throws -> [String] {
    let state = try TUIDrive.temporaryStateDirectory()
    let output = try await Blocking.run { () throws -> Data in
      let store = try PseudoTerminalClient(
        [TUIDrive.binary.path, "--latency", "0"] + arguments, environment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
      )
      guard store.read(for: 20, until: { $0.range(of: Data("quit".utf8)) != nil }) else { return Data() }
      store.readUntilQuiet(0.3)
      store.send(key)
      guard store.waitForExit(seconds: 10) != nil else {
        store.kill(SIGKILL)
        return Data()
      }
      store.read(for: 0.2) { _ in false }  // what it wrote just before it ended
      return store.output
    }
    let text = String(decoding: output, as: UTF8.self)
    let pattern = try Regex(#"\u{1B}\[\?[0-9;]+[hl]"#)
    return text.matches(of: pattern).map { String(text[$0.range].dropFirst(3)) }
  }

  @Test(arguments: ["q", "\u{03}"])
  func mouseAndPasteAreOffAfterQuitting(key: String) async throws {
    let changes = try await modeChanges(key: key)
    let mouse = changes.filter { $0.hasPrefix("1006;1000") || $0.hasPrefix("1000") }
    #expect(mouse.first?.hasSuffix("h") == true, "mouse reporting was on: \(changes)")
    #expect(mouse.last?.hasSuffix("l") == true, "and off at the end: \(changes)")
    let paste = changes.filter { $0.hasPrefix("2004") }
    #expect(paste == ["2004h", "2004l"], "\(changes)")
  }

  @Test func noMouseLeavesTheMouseAlone() async throws {
    let changes = try await modeChanges(key: "q", arguments: ["--no-mouse"])
    #expect(!changes.contains { $0.contains("1000h") }, "\(changes)")
  }
}
