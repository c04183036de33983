import TerminalKit
import TerminalKitTesting
import Testing

@testable import TodoApp

/// The to-do example in process, on an in-memory terminal: its screens in every snapshot format
/// the kit has — text with styles, plain text, ANSI, SVG and a recording.
@MainActor
struct TodoListTests {
  static let size = Size(width: 60, height: 16)

  /// The list with two tasks, one done, and the table focused.
  private func twoTasks() async -> ProgramLoop<TodoList, RecordingTerminal> {
    let todo = ProgramLoop.testing(TodoList(), size: Self.size)
    await todo.start()
    await todo.paste("Buy milk")
    await todo.press(.enter)
    await todo.paste("Write the note")
    await todo.press(.enter)
    await todo.press(.tab)
    await todo.press(.tab)
    await todo.press(.character(" "))
    return todo
  }

  @Test func theListInEveryFormat() async {
    let todo = await twoTasks()
    #expect(todo.program.tasks.map(\.done) == [true, false])
    let screen = todo.frame().canvas
    assertSnapshot(of: screen, as: .screen)
    assertSnapshot(of: screen, as: .text)
    assertSnapshot(of: screen, as: .ansi)
    assertSnapshot(of: screen, as: .svg)
  }

  @Test func theFormWithAMessageInEveryFormat() async {
    let todo = await twoTasks()
    await todo.press(.character("e"))
    await todo.press(.control("u"))
    for _ in 0..<5 { await todo.press(.tab) }
    await todo.press(.enter)
    #expect(todo.program.draft?.messages[.title] == "a task needs a title")
    #expect(todo.program.draft?.focus == .title, "Save found a problem: focus on its field")
    let screen = todo.frame().canvas
    assertSnapshot(of: screen, as: .screen)
    assertSnapshot(of: screen, as: .text)
    assertSnapshot(of: screen, as: .ansi)
    assertSnapshot(of: screen, as: .svg)
  }

  @Test func aRecordingOfANewTask() async throws {
    let todo = ProgramLoop.testing(TodoList(), size: Size(width: 48, height: 14))
    let cast = await todo.recording(keys: try Key.sequence(parsing: "Tab n T e a Tab Tab h i Enter Tab Tab Space Tab Enter"))
    assertSnapshot(of: cast, as: .cast)
    #expect(todo.program.tasks == [TodoTask(title: "Tea", priority: "High", done: true)])
  }

  @Test func editingKeepsWhatWasNotChangedAndCancelLosesNothingElse() async {
    let todo = await twoTasks()
    await todo.press(.down)
    await todo.press(.character("e"))
    await todo.paste(" today")
    await todo.press(.escape)
    #expect(todo.program.tasks[1].title == "Write the note", "Esc: the edit is dropped")
    await todo.press(.character("e"))
    await todo.paste(" today")
    for _ in 0..<5 { await todo.press(.tab) }
    await todo.press(.enter)
    #expect(todo.program.draft == nil)
    #expect(todo.program.tasks[1] == TodoTask(title: "Write the note today"))
  }
}
