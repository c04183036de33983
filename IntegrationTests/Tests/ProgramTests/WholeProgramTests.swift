import Foundation
import SnapshotTesting
import TerminalKit
import TerminalKitTesting
import Testing

/// A whole program on a terminal, driven through `TerminalSession`: here `curses-counter`, a
/// small ncurses program of this package's that knows nothing of the kit.
///
/// Each session waits up to 30 s (the harness's default is 10): the programs start while the
/// rest of the suite runs, and a full run on two cores once took 12 s to show a first screen.
struct WholeProgramTests {
  /// A program this package builds, found next to the test bundle.
  static func built(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
  }

  @Test func theCounterCountsInGreenAndLeavesTheTerminalAsItWas() async throws {
    let counter = try TerminalSession([Self.built("curses-counter")], size: Size(width: 40, height: 8), timeout: .seconds(30))
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

  /// The to-do example's form on a real terminal: a task written with a Korean title pasted,
  /// notes over two lines, a priority found by typing, a wrong date refused with its message
  /// under the field, then corrected and saved into the table.
  @Test func theTodoFormValidatesAndSavesOnARealTerminal() async throws {
    let todo = try TerminalSession([Self.built("todo-example")], size: Size(width: 60, height: 16), timeout: .seconds(30))
    try await todo.waitFor(text: "what is there to do?")
    try todo.press(.tab, .character("n"))
    try await todo.waitFor(text: "New task")
    try todo.paste("우유 사기\u{1B}[31m")
    try todo.press(.tab)
    try todo.type("two litres")
    try todo.press(.enter)
    try todo.type("the green bottle")
    try todo.press(.tab)
    try todo.type("hi")
    try todo.press(.enter, .tab)
    try todo.type("2026-13-01")
    try todo.press(.tab, .tab, .enter)
    try await todo.waitFor(text: "write the date as 2026-12-24")
    #expect(todo.cursor.y == todo.screen.textRows.firstIndex { $0.contains("Due") }, "focus went back to the date")
    assertSnapshot(of: todo.screen, as: .screen)
    try todo.press(.control("u"))
    try todo.type("2026-12-24")
    try todo.press(.tab, .tab, .enter)
    try await todo.waitFor(text: "1 open")
    #expect(todo.screen.plainText.contains("우유 사기"))
    #expect(todo.screen.plainText.contains("High"))
    #expect(!todo.screen.plainText.contains("[31m"), "the pasted escape was dropped")
    try todo.press("q")
    #expect(try await todo.waitForExit() == .exited(0))
    #expect(todo.leftChanged.isEmpty, "\(todo.leftChanged)")
  }

  /// Alt and Control with arrows reach a program through ncurses as the word moves a shell has:
  /// Esc and a letter in one read are Alt and that letter.
  @Test func wordMovesWithAltAndControlOnARealTerminal() async throws {
    let todo = try TerminalSession([Self.built("todo-example")], size: Size(width: 56, height: 10), timeout: .seconds(30))
    try await todo.waitFor(text: "what is there to do?")
    try todo.type("ship to Seoul")
    try todo.press(.alt(.character("b")))
    try todo.type("[")
    try await todo.waitFor(text: "ship to [Seoul")
    try todo.press(.withControl(.left), .withControl(.left))
    try todo.type("]")
    try await todo.waitFor(text: "]ship to [Seoul")
    try todo.press(.end, .alt(.backspace))
    try await todo.waitFor(text: "]ship to [ ")
    try todo.press(.escape)
    #expect(try await todo.waitForExit() == .exited(0))
  }

  /// `todo-example --accessible`: the form one question at a time in plain lines, no box
  /// drawing, the cursor where the answer is typed.
  @Test func theAccessibleFormAsksOneQuestionAtATime() async throws {
    let todo = try TerminalSession([Self.built("todo-example"), "--accessible"], size: Size(width: 60, height: 12), timeout: .seconds(30))
    try await todo.waitFor(text: "what is there to do?")
    try todo.press(.tab, .character("n"))
    try await todo.waitFor(text: "Question 1 of 7.")
    try todo.type("Call Ana")
    try await todo.waitFor(text: "> Call Ana")
    let answerRow = try #require(todo.screen.textRows.firstIndex { $0.hasPrefix("> Call Ana") })
    #expect(todo.cursor == Point(x: 10, y: answerRow), "the cursor is after the answer")
    #expect(!todo.screen.plainText.contains { "┌│└─".contains($0) }, "no box drawing")
    try todo.press(.enter, .tab)
    try await todo.waitFor(text: "Question 3 of 7.")
    try todo.type("hi")
    try await todo.waitFor(text: "1. High")
    assertSnapshot(of: todo.screen, as: .screen)
    try todo.press(.escape)
    try await todo.waitFor(text: "3 options match")
    try todo.press(.escape)
    try await todo.waitFor(text: "New: ")
    try todo.press(.character("q"))
    #expect(try await todo.waitForExit() == .exited(0))
  }

  /// The kit's to-do example (`swift run todo-example`) on a real terminal: a text field, a
  /// table, Tab between them, the terminal given back as it was.
  @Test func theTodoExampleAddsTicksAndDeletesOnARealTerminal() async throws {
    let todo = try TerminalSession([Self.built("todo-example")], size: Size(width: 56, height: 10), timeout: .seconds(30))
    try await todo.waitFor(text: "what is there to do?")
    #expect(todo.modes.cursorVisible, "the cursor waits in the field")
    try todo.type("Buy milk")
    try todo.press(.enter)
    try todo.type("Write the note")
    try todo.press(.enter)
    try await todo.waitFor(text: "Write the note")
    try todo.press(.tab, .tab, .character(" "))
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
