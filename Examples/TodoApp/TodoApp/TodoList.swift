import Foundation
import TerminalKit

/// A small to-do list written with nothing but the kit: a text field to add a task quickly, a
/// list of filters, a table of the tasks, and a form (`n` new, `e` edit) with a title, notes
/// over several lines, a priority found by typing, a due date that is checked, and a checkbox.
/// Tab moves between the field, the filters and the table. With `--accessible` the form asks
/// one question at a time, in plain lines.
@MainActor
final class TodoList: TerminalProgram {
  enum Command: Hashable, Sendable {
    case edit(TextFieldState.Edit)
    case add
    case move(up: Bool)
    case toggle
    case delete
    case switchFocus(forward: Bool)
    case openForm(editing: Bool)
    case form(FormInput)
    case quit
  }

  /// A key or paste for the open form, which decides what it does.
  enum FormInput: Hashable, Sendable {
    case key(Key), paste(String)
    var input: InputEvent {
      switch self {
      case let .key(key): .key(key)
      case let .paste(text): .paste(text)
      }
    }
  }

  enum Focus: CaseIterable { case field, filters, table }
  enum Filter: String, CaseIterable { case all = "All", open = "Open", done = "Done" }

  private(set) var field = TextFieldState(limit: 80)
  private(set) var tasks: [TodoTask] = []
  private(set) var selected: Int?
  private(set) var focus = Focus.field
  private(set) var filter = Filter.all
  private(set) var draft: TaskDraft?
  let accessible: Bool
  private var table = ListState()
  private var filters = ListState()

  init(accessible: Bool = false) {
    self.accessible = accessible
  }

  /// The tasks the filter shows, as indices into ``tasks``.
  var shown: [Int] {
    tasks.indices.filter { filter == .all || tasks[$0].done == (filter == .done) }
  }

  func frame(size: Size, context: RenderContext) -> Frame<Command> {
    var frame = Frame<Command>(size: size, theme: context.theme)
    if let draft {
      drawForm(draft, on: &frame)
      return frame
    }
    let open = tasks.filter { !$0.done }.count
    frame.render(Box<Command>(title: "To do", note: "\(open) open"), in: frame.bounds)
    let rows = Layout(.vertical, [.length(1), .length(1), .fill(1), .length(1)], margin: Size(width: 1, height: 1)).split(frame.bounds)
    let label = frame.draw("New: ", at: rows[0].origin, style: frame.theme.title)
    let input = Rect(x: rows[0].x + label, y: rows[0].y, width: rows[0].width - label, height: 1)
    frame.render(TextField(field, placeholder: "what is there to do?", focused: focus == .field), in: input)
    let columns = Layout(.horizontal, [.length(8), .fill(1)], spacing: 1).split(rows[2])
    let filterStyle = focus == .filters ? frame.theme.selection : frame.theme.title
    frame.render(
      ScrollingList<Command>(
        count: Filter.allCases.count, selected: Filter.allCases.firstIndex(of: filter), selectionStyle: filterStyle, hasFocus: focus == .filters
      ) { index, area, _, frame in
        frame.draw(Filter.allCases[index].rawValue, at: area.origin, width: area.width)
        return nil
      },
      in: columns[0], state: &filters
    )
    let shown = shown
    let table = Table<Command>(
      columns: [
        .init("", width: .length(1)), .init("Task", width: .fill(1)),
        .init("Priority", width: .length(8)), .init("Due", width: .length(10)),
      ],
      rowCount: shown.count, selected: focus == .table ? selected.flatMap { shown.firstIndex(of: $0) } : nil) { [tasks] row, column in
      let task = tasks[shown[row]]
      return [task.done ? "✓" : " ", task.title, task.priority, task.due][column]
    }
    frame.render(table, in: columns[1], state: &self.table)
    frame.render(KeyHints<Command>(hints), in: rows[3])
    return frame
  }

  private var hints: [Hint] {
    switch focus {
    case .field: [Hint(keys: "Enter", text: "add"), Hint(keys: "Tab", text: "next"), Hint(keys: "Esc", text: "quit", isEssential: true)]
    case .filters: [Hint(keys: "↑↓", text: "filter"), Hint(keys: "n", text: "new"), Hint(keys: "q", text: "quit", isEssential: true)]
    case .table:
      [Hint(keys: "Space", text: "done"), Hint(keys: "e", text: "edit"), Hint(keys: "n", text: "new"), Hint(keys: "d", text: "delete"),
       Hint(keys: "q", text: "quit", isEssential: true)]
    }
  }

  private func drawForm(_ draft: TaskDraft, on frame: inout Frame<Command>) {
    let title = draft.editing == nil ? "New task" : "Edit task"
    if accessible {
      frame.render(AccessibleFormView<TaskDraft, TaskDraft.Field, Command>(draft.form, title: title), in: frame.bounds)
      return
    }
    frame.render(Box<Command>(title: title), in: frame.bounds)
    let rows = Layout(.vertical, [.fill(1), .length(1)], margin: Size(width: 1, height: 1)).split(frame.bounds)
    frame.render(FormView<TaskDraft, TaskDraft.Field, Command>(draft.form), in: rows[0])
    frame.render(KeyHints<Command>(draft.form.hints), in: rows[1])
  }

  func command(for input: InputEvent, size: Size) -> Command? {
    if let draft {
      // Keys the form leaves go nowhere (but Ctrl-C, which closes it): an Alt key it leaves
      // then reaches it as the Esc and the key the terminal sent.
      guard draft.form.handle(input) != nil || input == .key(.control("c")) else { return nil }
      switch input {
      case let .key(key): return .form(.key(key))
      case let .paste(text): return .form(.paste(text))
      default: return nil
      }
    }
    switch (input, focus) {
    case let (.paste(text), .field): return .edit(.paste(text))
    case (.key(.tab), _): return .switchFocus(forward: true)
    case (.key(.backTab), _): return .switchFocus(forward: false)
    case (.key(.escape), _), (.key(.control("c")), _): return .quit
    case (.key(.enter), .field): return .add
    case let (.key(key), .field): return field.edit(for: key).map(Command.edit)
    case (.key(.up), _), (.key(.character("k")), _): return .move(up: true)
    case (.key(.down), _), (.key(.character("j")), _): return .move(up: false)
    case (.key(.character("n")), _): return .openForm(editing: false)
    case (.key(.character("e")), .table), (.key(.enter), .table): return .openForm(editing: true)
    case (.key(.character(" ")), .table): return .toggle
    case (.key(.character("d")), .table), (.key(.delete), .table): return .delete
    case (.key(.character("q")), _): return .quit
    default: return nil
    }
  }

  func perform(_ command: Command) -> ProgramStep {
    switch command {
    case let .edit(edit):
      field.apply(edit)
    case .add:
      let title = field.text.trimmingCharacters(in: .whitespaces)
      guard !title.isEmpty else { break }
      tasks.append(TodoTask(title: title))
      field = TextFieldState(limit: field.limit)
    case let .move(up):
      move(up: up)
    case .toggle:
      if let selected, tasks.indices.contains(selected) { tasks[selected].done.toggle() }
    case .delete:
      delete()
    case let .switchFocus(forward):
      let all = Focus.allCases
      let index = all.firstIndex(of: focus)!
      focus = all[(index + (forward ? 1 : all.count - 1)) % all.count]
      if focus == .table, selected == nil { selected = shown.first }
    case let .openForm(editing):
      if editing, let selected, tasks.indices.contains(selected) {
        draft = TaskDraft(editing: selected, task: tasks[selected])
      } else {
        draft = TaskDraft()
      }
    case let .form(input):
      handleForm(input.input)
    case .quit:
      return .quit
    }
    return .continue
  }

  private func move(up: Bool) {
    switch focus {
    case .filters:
      let all = Filter.allCases
      let index = all.firstIndex(of: filter)!
      filter = all[up ? max(0, index - 1) : min(all.count - 1, index + 1)]
      selected = shown.first
    case .table, .field:
      let shown = shown
      guard !shown.isEmpty else { return }
      let position = selected.flatMap { shown.firstIndex(of: $0) } ?? 0
      selected = shown[up ? max(0, position - 1) : min(shown.count - 1, position + 1)]
      focus = .table
    }
  }

  private func delete() {
    guard let index = selected, tasks.indices.contains(index) else { return }
    let position = shown.firstIndex(of: index) ?? 0
    tasks.remove(at: index)
    let shown = shown
    selected = shown.isEmpty ? nil : shown[min(position, shown.count - 1)]
  }

  /// A key or paste while the form is open: what the form makes of it, carried out on the draft.
  private func handleForm(_ input: InputEvent) {
    guard var draft else { return }
    switch draft.form.handle(input) {
    case let .change(change)?:
      change.apply(to: &draft)
      if !draft.messages.isEmpty { draft.messages = draft.messages.filter { draft.problems[$0.key] != nil } }
    case let .focus(field)?:
      draft.focus = field
    case .press(.cancel)?, .cancel?:
      self.draft = nil
      return
    case .press?, .submit?:
      guard let task = draft.validated() else { break }
      if let index = draft.editing, tasks.indices.contains(index) { tasks[index] = task } else { tasks.append(task) }
      self.draft = nil
      return
    case nil:
      if case .key(.control("c")) = input { self.draft = nil; return }
    }
    self.draft = draft
  }
}
