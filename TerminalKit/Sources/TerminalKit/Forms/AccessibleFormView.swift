/// A ``Form`` for a screen reader (huh's accessible mode, as a screen): one question at a time
/// as plain lines — where it is in the form, the question, the answer being typed with the
/// terminal's cursor at the point of input, what is wrong with it, the options of a choice as a
/// numbered list, and the keys — no box drawing, no columns, nothing that moves but the answer.
/// The same ``Form`` and the same keys as ``FormView``: an app chooses one view or the other.
public struct AccessibleFormView<Root, ID: Hashable & Sendable, Command: Hashable & Sendable>: Widget {
  public var form: Form<Root, ID>
  public var title: String

  public init(_ form: Form<Root, ID>, title: String) {
    self.form = form
    self.title = title
  }

  /// The lines for the focused field, and the line and column of the point of input.
  func lines(width: Int) -> (lines: [String], cursor: Point?) {
    var lines = [SafeText.sanitize(title)]
    guard let index = form.focusedIndex else {
      lines.append("Press Tab to start.")
      return (lines, nil)
    }
    let field = form.fields[index]
    lines.append("Question \(index + 1) of \(form.fields.count).")
    var cursor: Point?
    func answer(_ text: String, cursorAt column: Int) {
      cursor = Point(x: 2 + column, y: lines.count)
      lines.append("> " + text)
    }
    switch field.control {
    case let .text(keyPath, placeholder, masked):
      let value = form.root[keyPath: keyPath]
      lines.append("\(field.label)\(field.isRequired ? " (required)" : "")\(placeholder.isEmpty ? "" : ", for example \(placeholder)"):")
      let shown = masked ? String(repeating: "*", count: value.text.count) : value.text
      answer(shown, cursorAt: TextWidth.columns(of: String(shown.prefix(value.cursor))))
    case let .textArea(keyPath, _):
      let value = form.root[keyPath: keyPath]
      lines.append("\(field.label)\(field.isRequired ? " (required)" : ""), several lines; Enter starts a new line, Tab goes on:")
      let (line, column) = value.cursorLine
      for (number, text) in value.lines.enumerated() {
        if number == line { answer(String(text), cursorAt: TextWidth.columns(of: String(text.prefix(column)))) }
        else { lines.append("  " + text) }
      }
    case let .choice(keyPath):
      let choice = form.root[keyPath: keyPath]
      lines.append("\(field.label)\(field.isRequired ? " (required)" : ""): \(choice.value.map { "now \($0)" } ?? "nothing chosen yet"). Type to find, arrows to move, Enter to choose:")
      answer(choice.search.text, cursorAt: TextWidth.columns(of: String(choice.search.text.prefix(choice.search.cursor))))
      let matches = choice.matches
      lines.append(matches.isEmpty ? "No option matches." : "\(matches.count) \(matches.count == 1 ? "option matches" : "options match"):")
      let first = min(max(0, choice.highlighted - 4), max(0, matches.count - 5))
      for (row, match) in matches.dropFirst(first).prefix(5).enumerated() {
        let number = first + row + 1
        lines.append("\(number == choice.highlighted + 1 ? "> " : "  ")\(number). \(choice.options[match])")
      }
    case let .checkbox(keyPath):
      lines.append("\(field.label)? Space changes it:")
      answer(form.root[keyPath: keyPath] ? "yes" : "no", cursorAt: 0)
    case .button:
      lines.append("\(field.label): press Enter.")
      answer("", cursorAt: 0)
    }
    if let message = field.message { lines.append("Problem: \(message)") }
    lines.append("Enter: \(index == form.fields.lastIndex { !$0.isButton } ? "done" : "next"). Tab: next. Shift-Tab: back. Esc: cancel.")
    return (lines, cursor)
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard !area.isEmpty else { return }
    let (lines, cursor) = lines(width: area.width)
    // Sentences wrap at words, as a person reads them; the answer's line is kept whole, so the
    // cursor's column stays where the text is.
    var rows: [String] = []
    var cursorPoint: Point?
    for (index, line) in lines.enumerated() {
      let isAnswer = index == cursor?.y
      if isAnswer, let cursor { cursorPoint = Point(x: min(cursor.x, area.width - 1), y: rows.count) }
      rows += isAnswer ? [line] : TextLayout.wrap(line, toWidth: area.width)
    }
    // When the answer's row is below the area (many lines of notes, a short terminal), the
    // first rows give way, so the point of input is always on screen.
    let offset = cursorPoint.map { max(0, $0.y - area.height + 1) } ?? 0
    for (row, text) in rows.dropFirst(offset).prefix(area.height).enumerated() {
      frame.draw(text, at: Point(x: area.x, y: area.y + row), width: area.width, style: frame.theme.text)
    }
    if let cursorPoint { frame.showCursor(at: Point(x: area.x + cursorPoint.x, y: area.y + cursorPoint.y - offset)) }
  }
}
