import Foundation
import TerminalKit

/// A task being written in the to-do example's form: its fields as the kit's editing values,
/// which field has focus, and what validation found. A plain value: the form reads it and its
/// changes are written back into it.
struct TaskDraft: Equatable {
  enum Field: Hashable, Sendable { case title, notes, priority, due, done, save, cancel }

  static let priorities = ["Low", "Normal", "High"]

  var title = TextFieldState(limit: 80)
  var notes = TextFieldState(limit: 500, multiline: true)
  var priority = ChoiceState(options: priorities, selected: 1)
  var due = TextFieldState(limit: 10)
  var done = false
  var focus: Field? = .title
  var messages: [Field: String] = [:]
  /// The task this draft edits, or `nil` for a new one.
  var editing: Int?

  init() {}

  init(editing index: Int, task: TodoTask) {
    title = TextFieldState(text: task.title, limit: 80)
    notes = TextFieldState(text: task.notes, limit: 500, multiline: true)
    priority = ChoiceState(options: Self.priorities, selected: Self.priorities.firstIndex(of: task.priority) ?? 1)
    due = TextFieldState(text: task.due, limit: 10)
    done = task.done
    editing = index
  }

  /// The form over this draft, in focus order, with each field's message.
  var form: Form<TaskDraft, Field> {
    Form(self, focus: focus, fields: [
      .text(.title, "Title", \.title, placeholder: "what is there to do?", required: true, message: messages[.title]),
      .textArea(.notes, "Notes", \.notes, rows: 3),
      .choice(.priority, "Priority", \.priority),
      .text(.due, "Due", \.due, placeholder: "YYYY-MM-DD", message: messages[.due]),
      .checkbox(.done, "Done", \.done),
      .button(.save, "Save"),
      .button(.cancel, "Cancel"),
    ])
  }

  /// What is wrong with each field, if anything.
  var problems: [Field: String] {
    var problems: [Field: String] = [:]
    if title.text.allSatisfy(\.isWhitespace) { problems[.title] = "a task needs a title" }
    if !due.text.isEmpty, !Self.isDate(due.text) { problems[.due] = "write the date as 2026-12-24" }
    return problems
  }

  /// Checks the draft: the task it makes, or `nil` with the messages set and focus on the first
  /// field that has one.
  mutating func validated() -> TodoTask? {
    messages = problems
    if let first = form.firstFieldWithMessage {
      focus = first
      return nil
    }
    return TodoTask(
      title: title.text.trimmingCharacters(in: .whitespaces), notes: notes.text,
      priority: priority.value ?? "Normal", due: due.text, done: done
    )
  }

  /// `YYYY-MM-DD` with a month 1–12 and a day 1–31.
  static func isDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
          parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
          let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
    return (1...12).contains(month) && (1...31).contains(day)
  }
}

/// One task of the list.
struct TodoTask: Equatable {
  var title: String
  var notes = ""
  var priority = "Normal"
  var due = ""
  var done = false
}
