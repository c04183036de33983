import TerminalKit

/// A small to-do list written with nothing but the kit: a text field to add to it, a table of
/// what there is to do, Tab between the two. The example the README points kit users to.
@MainActor
final class TodoList: TerminalProgram {
  enum Command: Hashable, Sendable {
    case edit(TextFieldState.Edit)
    case add
    case move(up: Bool)
    case toggle
    case delete
    case switchFocus
    case quit
  }

  enum Focus { case field, list }

  private(set) var field = TextFieldState(limit: 80)
  private(set) var items: [(title: String, done: Bool)] = []
  private(set) var selected: Int?
  private(set) var focus = Focus.field
  private var list = ListState()

  func frame(size: Size, context: RenderContext) -> Frame<Command> {
    var frame = Frame<Command>(size: size)
    let theme = context.theme
    let open = items.filter { !$0.done }.count
    frame.render(Box(title: "To do", note: "\(open) open", theme: theme), in: frame.bounds)
    let parts = Layout(.vertical, [.length(1), .length(1), .fill(1), .length(1)], margin: Size(width: 1, height: 1))
      .split(frame.bounds)
    let label = frame.draw("New: ", at: parts[0].origin, style: theme.title)
    let input = Rect(x: parts[0].x + label, y: parts[0].y, width: parts[0].width - label, height: 1)
    frame.render(TextField(field, placeholder: "what is there to do?", focused: focus == .field, theme: theme), in: input)
    let table = Table<Command>(
      columns: [.init("", width: .length(1)), .init("Task", width: .fill(1)), .init("#", width: .length(3), alignment: .trailing)],
      rowCount: items.count, selected: focus == .list ? selected : nil, theme: theme
    ) { [items] row, column in
      [items[row].done ? "✓" : " ", items[row].title, String(row + 1)][column]
    }
    frame.render(table, in: parts[2], state: &list)
    let hints = focus == .field
      ? [Hint(keys: "Enter", text: "add"), Hint(keys: "Tab", text: "to the list"), Hint(keys: "Esc", text: "quit", isEssential: true)]
      : [Hint(keys: "Space", text: "done"), Hint(keys: "d", text: "delete"), Hint(keys: "Tab", text: "to the field"), Hint(keys: "q", text: "quit", isEssential: true)]
    frame.render(KeyHints(hints, theme: theme), in: parts[3])
    return frame
  }

  func command(for input: InputEvent, size: Size) -> Command? {
    switch (input, focus) {
    case let (.paste(text), .field): return .edit(.paste(text))
    case (.key(.tab), _), (.key(.backTab), _): return .switchFocus
    case (.key(.escape), _), (.key(.control("c")), _): return .quit
    case (.key(.enter), .field): return .add
    case let (.key(key), .field): return TextFieldState.edit(for: key).map(Command.edit)
    case (.key(.up), .list), (.key(.character("k")), .list): return .move(up: true)
    case (.key(.down), .list), (.key(.character("j")), .list): return .move(up: false)
    case (.key(.character(" ")), .list), (.key(.enter), .list): return .toggle
    case (.key(.character("d")), .list), (.key(.delete), .list): return .delete
    case (.key(.character("q")), .list): return .quit
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
      items.append((title, false))
      field = TextFieldState(limit: field.limit)
    case let .move(up):
      guard !items.isEmpty else { break }
      let current = selected ?? 0
      selected = up ? max(0, current - 1) : min(items.count - 1, current + 1)
    case .toggle:
      if let selected, items.indices.contains(selected) { items[selected].done.toggle() }
    case .delete:
      if let index = selected, items.indices.contains(index) {
        items.remove(at: index)
        selected = items.isEmpty ? nil : min(index, items.count - 1)
      }
    case .switchFocus:
      focus = focus == .field ? .list : .field
      if focus == .list, selected == nil, !items.isEmpty { selected = 0 }
    case .quit:
      return .quit
    }
    return .started(nil)
  }

  func settle(size: Size) -> [ProgramWork] { [] }
  var isAnimating: Bool { false }
  func stateChanges() -> AsyncStream<Void> { AsyncStream { $0.finish() } }
  func finish() -> ProgramWork { .none }
}
