import Foundation
import SnapshotTesting
import TerminalKit
import TerminalKitTesting
import Testing

/// A whole program on a terminal, driven through `TerminalSession`: here `curses-counter`, a
/// small ncurses program of this package's that knows nothing of the kit.
struct WholeProgramTests {
  /// A program this package builds, found next to the test bundle.
  static func built(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
  }

  @Test func theCounterCountsInGreenAndLeavesTheTerminalAsItWas() async throws {
    let counter = try TerminalSession([Self.built("curses-counter")], size: Size(width: 40, height: 8))
    try await counter.waitFor(text: "Count: 0")
    try counter.press("+ + + -")
    try await counter.waitFor(text: "Count: 2")
    #expect(counter.style(ofFirst: "Count: 2") == Style(foreground: .green, bold: true))
    #expect(counter.modes.alternateScreen)
    assertSnapshot(of: counter.screen, as: .screen)
    assertSnapshot(of: counter.screen, as: .svg)
    try counter.press("q")
    #expect(try await counter.waitForExit() == .exited(0))
    #expect(counter.leftChanged.isEmpty, "\(counter.leftChanged)")
  }
}
