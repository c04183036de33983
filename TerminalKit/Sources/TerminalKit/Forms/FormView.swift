/// A ``Form`` on screen: one row per field — its label in a column on the left, its value on
/// the right — with a multi-line text taking its rows, a focused choice showing its matches
/// under it, buttons side by side on one row, and a field's message on the row under it (or, for
/// a text that was cut at its limit by what was typed or pasted, how long it may be). When the
/// fields do not fit, the form scrolls so that the focused field is whole on screen.
///
/// A click on a field sends `focus(id)`, on a button `press(id)`, when the app gives them.
public struct FormView<Root, ID: Hashable & Sendable, Command: Hashable & Sendable>: Widget {
  public var form: Form<Root, ID>
  public var focusCommand: ((ID) -> Command)?
  public var pressCommand: ((ID) -> Command)?

  /// How many matches a focused choice shows under it.
  public static var shownMatches: Int { 5 }

  public init(_ form: Form<Root, ID>, focus: ((ID) -> Command)? = nil, press: ((ID) -> Command)? = nil) {
    self.form = form
    self.focusCommand = focus
    self.pressCommand = press
  }

  /// One field's place: the rows it takes (the buttons of a row share one).
  struct Placement {
    var fields: [Int]
    var top: Int
    var height: Int
  }

  func placements() -> [Placement] {
    var placements: [Placement] = []
    var top = 0
    var index = 0
    let fields = form.fields
    while index < fields.count {
      if fields[index].isButton {
        var row = [index]
        while index + 1 < fields.count, fields[index + 1].isButton { index += 1; row.append(index) }
        placements.append(Placement(fields: row, top: top, height: 1))
        top += 1
      } else {
        let height = rows(of: fields[index], focused: index == form.focusedIndex)
        placements.append(Placement(fields: [index], top: top, height: height))
        top += height
      }
      index += 1
    }
    return placements
  }

  /// What the row under a field says: its message, or that its text was cut; `nil` for nothing.
  func note(for field: FormField<Root, ID>, theme: Theme) -> (text: String, style: Style)? {
    if let message = field.message { return ("✗ " + message, theme.danger) }
    switch field.control {
    case let .text(keyPath, _, _), let .textArea(keyPath, _):
      let value = form.root[keyPath: keyPath]
      return value.wasCut ? ("cut at \(value.limit) characters", theme.warning) : nil
    default:
      return nil
    }
  }

  func rows(of field: FormField<Root, ID>, focused: Bool) -> Int {
    let message = note(for: field, theme: .monochrome) == nil ? 0 : 1
    switch field.control {
    case let .textArea(_, rows): return rows + message
    case let .choice(keyPath) where focused:
      return 1 + min(Self.shownMatches, max(1, form.root[keyPath: keyPath].matches.count)) + message
    default: return 1 + message
    }
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard !area.isEmpty else { return }
    let placements = placements()
    let labelWidth = min(area.width / 3, form.fields.filter { !$0.isButton }.map { TextWidth.columns(of: label(of: $0)) }.max() ?? 0)
    let offset = scrollOffset(placements, height: area.height)
    for placement in placements {
      let y = area.y + placement.top - offset
      // A field is drawn whole or not at all, but the focused one, which is drawn as much as
      // fits when it is taller than the area (a choice's matches in a short form).
      let isFocused = form.focusedIndex.map(placement.fields.contains) ?? false
      guard y >= area.y, y + placement.height <= area.maxY || (isFocused && y < area.maxY) else { continue }
      let rect = Rect(x: area.x, y: y, width: area.width, height: min(placement.height, area.maxY - y))
      if form.fields[placement.fields[0]].isButton {
        drawButtons(placement.fields, in: rect, on: &frame)
      } else {
        drawField(placement.fields[0], in: rect, labelWidth: labelWidth, on: &frame)
      }
    }
  }

  /// The first row shown: 0 when everything fits, otherwise as little as keeps the focused field
  /// whole.
  func scrollOffset(_ placements: [Placement], height: Int) -> Int {
    let total = placements.last.map { $0.top + $0.height } ?? 0
    guard total > height, let focused = form.focusedIndex,
          let placement = placements.first(where: { $0.fields.contains(focused) }) else { return 0 }
    return min(placement.top, max(0, placement.top + placement.height - height))
  }

  private func label(of field: FormField<Root, ID>) -> String {
    field.isRequired ? "\(field.label) *" : field.label
  }

  private func drawField(_ index: Int, in rect: Rect, labelWidth: Int, on frame: inout Frame<Command>) {
    let field = form.fields[index]
    let theme = frame.theme
    let focused = index == form.focusedIndex
    if focused { frame.draw("›", at: rect.origin, style: theme.action) }
    let labelArea = Rect(x: rect.x + 2, y: rect.y, width: labelWidth, height: 1)
    let valueX = rect.x + 2 + labelWidth + 2
    let value = Rect(x: valueX, y: rect.y, width: max(0, rect.maxX - valueX), height: 1)
    if case .checkbox = field.control {} else {
      frame.draw(label(of: field), at: labelArea.origin, width: labelArea.width, style: focused ? theme.title : theme.text)
    }
    switch field.control {
    case let .text(keyPath, placeholder, masked):
      frame.render(TextField<Command>(form.root[keyPath: keyPath], placeholder: placeholder, masked: masked, focused: focused), in: value)
    case let .textArea(keyPath, rows):
      frame.render(TextArea<Command>(form.root[keyPath: keyPath], focused: focused), in: Rect(x: value.x, y: value.y, width: value.width, height: min(rows, rect.height)))
    case let .choice(keyPath):
      drawChoice(form.root[keyPath: keyPath], focused: focused, in: Rect(x: value.x, y: value.y, width: value.width, height: rect.height), on: &frame)
    case let .checkbox(keyPath):
      let box = form.root[keyPath: keyPath] ? "[x] " : "[ ] "
      let room = max(0, rect.maxX - labelArea.x)
      let drawn = frame.draw(box, at: labelArea.origin, width: room, style: focused ? theme.focus : theme.text)
      frame.draw(field.label, at: Point(x: labelArea.x + drawn, y: rect.y), width: max(0, room - drawn), style: focused ? theme.title : theme.text)
      if focused, room > 1 { frame.showCursor(at: Point(x: labelArea.x + 1, y: rect.y)) }
    case .button:
      break
    }
    if let note = note(for: field, theme: theme) {
      frame.draw(note.text, at: Point(x: valueX, y: rect.maxY - 1), width: value.width, style: note.style)
    }
    if let focusCommand { frame.onPress(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), focusCommand(field.id)) }
  }

  private func drawChoice(_ choice: ChoiceState, focused: Bool, in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard focused else {
      let text = choice.value.map { "\($0) ▾" } ?? "choose… ▾"
      frame.draw(text, at: area.origin, width: area.width, style: choice.value == nil ? theme.secondary : theme.text)
      return
    }
    let prompt = choice.value.map { "\($0) ▾  find: " } ?? "find: "
    let drawn = frame.draw(prompt, at: area.origin, width: area.width, style: theme.secondary)
    frame.render(
      TextField<Command>(choice.search, placeholder: "type to find", focused: true),
      in: Rect(x: area.x + drawn, y: area.y, width: max(0, area.width - drawn), height: 1)
    )
    let matches = choice.matches
    guard !matches.isEmpty else {
      frame.draw("no option matches", at: Point(x: area.x + 2, y: area.y + 1), width: area.width - 2, style: theme.secondary)
      return
    }
    let shown = min(Self.shownMatches, area.height - 1)
    guard shown > 0 else { return }
    let first = min(max(0, choice.highlighted - shown + 1), max(0, matches.count - shown))
    for (row, match) in matches.dropFirst(first).prefix(shown).enumerated() {
      let isHighlighted = first + row == choice.highlighted
      let text = (isHighlighted ? "› " : "  ") + choice.options[match]
      let point = Point(x: area.x, y: area.y + 1 + row)
      frame.draw(text, at: point, width: area.width, style: isHighlighted ? theme.selection : theme.text)
      // The point of input is the focus while there is room to type; else the option the
      // keyboard is on.
      if isHighlighted, !frame.focusIsInput { frame.markFocus(at: point) }
    }
  }

  private func drawButtons(_ indices: [Int], in rect: Rect, on frame: inout Frame<Command>) {
    var x = rect.x + 2
    for index in indices {
      let field = form.fields[index]
      guard case let .button(appearance) = field.control else { continue }
      let width = Button<Command>.width(field.label)
      guard x + width <= rect.maxX else { break }
      let look: ButtonAppearance = index == form.focusedIndex ? .focused : appearance
      frame.render(Button<Command>(field.label, appearance: look, press: pressCommand?(field.id)), in: Rect(x: x, y: rect.y, width: width, height: 1))
      x += width + 2
    }
  }
}
