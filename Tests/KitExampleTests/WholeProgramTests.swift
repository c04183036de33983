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

  /// The kit's to-do example (`swift run todo-example`) on a real terminal: a text field, a
  /// table, Tab between them, the terminal given back as it was.
  @Test func theTodoExampleAddsTicksAndDeletesOnARealTerminal() async throws {
    let todo = try TerminalSession([Self.built("todo-example")], size: Size(width: 44, height: 10))
    try await todo.waitFor(text: "what is there to do?")
    #expect(todo.modes.cursorVisible, "the cursor waits in the field")
    try todo.type("Buy milk")
    try todo.press(.enter)
    try todo.type("Write the note")
    try todo.press(.enter)
    try await todo.waitFor(text: "Write the note")
    try todo.press(.tab, .character(" "))
    try await todo.waitFor(text: "1 open")
    #expect(!todo.modes.cursorVisible, "no field has focus: no cursor")
    assertSnapshot(of: todo.screen, as: .screen)
    assertSnapshot(of: todo.screen, as: .svg)
    try todo.press("j d")
    try await todo.waitUntil("the second task deleted") { !$0.plainText.contains("Write the note") }
    try todo.press("q")
    #expect(try await todo.waitForExit() == .exited(0))
    #expect(todo.leftChanged.isEmpty, "\(todo.leftChanged)")
  }
}
