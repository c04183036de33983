/// A form: fields in focus order over the app's state, which field has focus, and what the
/// keys do to them. Made from the state for each frame — the values, the focus and the messages
/// all stay the app's — and drawn by ``FormView`` or, one question at a time, by
/// ``AccessibleFormView``.
///
/// Keys go to the focused field first, so while a text field has focus its editing keys win
/// over the screen's shortcuts; what the field leaves, the form takes: Tab and ↓ to the next
/// field, Shift-Tab and ↑ to the one before, Enter to the next (on the last field that is not a
/// button, ``FormEvent/submit``), Esc to cancel. Keys the form does not take either are the
/// screen's (``handle(_:)`` returns `nil`).
public struct Form<Root, ID: Hashable & Sendable> {
  public var root: Root
  public var fields: [FormField<Root, ID>]
  public var focus: ID?

  @inlinable
  public init(_ root: Root, focus: ID?, fields: [FormField<Root, ID>]) {
    self.root = root
    self.fields = fields
    self.focus = focus
  }

  /// The index of the focused field, if focus is on one of these fields. (Inlinable: asked
  /// several times a frame, and specialized for the app's field type it compares ids directly.)
  @inlinable
  public var focusedIndex: Int? {
    focus.flatMap { id in fields.firstIndex { $0.id == id } }
  }

  /// The first field with a message: where focus goes when a submit finds something wrong.
  public var firstFieldWithMessage: ID? {
    fields.first { $0.message != nil }?.id
  }

  /// What `input` does to the form, or `nil` when the form leaves it to the screen.
  public func handle(_ input: InputEvent) -> FormEvent<Root, ID>? {
    guard let index = focusedIndex else {
      if case .key(.tab) = input, let first = fields.first { return .focus(first.id) }
      return nil
    }
    let field = fields[index]
    switch input {
    case let .key(key):
      if let event = fieldEvent(for: key, on: field) { return event }
      return navigation(for: key, from: index)
    case let .paste(text):
      return pasteEvent(text, on: field)
    case .mouse, .resize, .signal:
      return nil
    }
  }

  /// Whether the form does something with `key` now — whether ``handle(_:)`` answers it —
  /// without working out what: no edit is made to a copy of the field. A key router asks this of
  /// every key before the form's reducer handles the one it takes.
  public func takes(_ key: Key) -> Bool {
    guard let index = focusedIndex else { return key == .tab && !fields.isEmpty }
    return fieldTakes(key, fields[index]) || navigation(for: key, from: index) != nil
  }

  // MARK: The focused field's own keys

  private func fieldTakes(_ key: Key, _ field: FormField<Root, ID>) -> Bool {
    switch field.control {
    case let .text(keyPath, _, _), let .textArea(keyPath, _): root[keyPath: keyPath].edit(for: key) != nil
    case let .choice(keyPath): root[keyPath: keyPath].edit(for: key) != nil
    case .checkbox: key == .character(" ")
    case .button: key == .enter || key == .character(" ")
    }
  }

  private func fieldEvent(for key: Key, on field: FormField<Root, ID>) -> FormEvent<Root, ID>? {
    switch field.control {
    case let .text(keyPath, _, _), let .textArea(keyPath, _):
      var value = root[keyPath: keyPath]
      guard let edit = value.edit(for: key) else { return nil }
      value.apply(edit)
      return .change(.text(keyPath, value))
    case let .choice(keyPath):
      var value = root[keyPath: keyPath]
      guard let edit = value.edit(for: key) else { return nil }
      value.apply(edit)
      return .change(.choice(keyPath, value))
    case let .checkbox(keyPath):
      guard fieldTakes(key, field) else { return nil }
      return .change(.checkbox(keyPath, !root[keyPath: keyPath]))
    case .button:
      guard fieldTakes(key, field) else { return nil }
      return .press(field.id)
    }
  }

  private func pasteEvent(_ text: String, on field: FormField<Root, ID>) -> FormEvent<Root, ID>? {
    switch field.control {
    case let .text(keyPath, _, _), let .textArea(keyPath, _):
      var value = root[keyPath: keyPath]
      value.apply(.paste(text))
      return .change(.text(keyPath, value))
    case let .choice(keyPath):
      var value = root[keyPath: keyPath]
      value.apply(.search(.paste(text)))
      return .change(.choice(keyPath, value))
    case .checkbox, .button:
      return nil
    }
  }

  // MARK: Moving between fields

  private func navigation(for key: Key, from index: Int) -> FormEvent<Root, ID>? {
    switch FormNavigation.bindings.first(where: { $0.keys.contains(key) })?.command {
    case .next?:
      return index + 1 < fields.count ? .focus(fields[index + 1].id) : nil
    case .previous?:
      return index > 0 ? .focus(fields[index - 1].id) : nil
    case .advance?:
      let lastInput = fields.lastIndex { !$0.isButton }
      if index == lastInput { return .submit }
      return index + 1 < fields.count ? .focus(fields[index + 1].id) : .submit
    case .cancel?:
      return .cancel
    case nil:
      return nil
    }
  }

  /// The keys of the focused field and of the form, as help and the footer show them: the same
  /// tables ``handle(_:)`` reads.
  public var keyBindings: [KeyBinding<String>] {
    var bindings: [KeyBinding<String>] = []
    if let index = focusedIndex {
      switch fields[index].control {
      case let .textArea(keyPath, _) where root[keyPath: keyPath].isMultiline:
        bindings.append(KeyBinding([.enter], nil, "new line", command: "newline").inFooter())
        bindings.append(KeyBinding([.up, .down], "↑/↓", "line up, line down", command: "lines"))
        bindings += TextFieldState.formKeyBindings
      case .textArea:
        // A text area given a one-line value edits as a text field does.
        bindings += TextFieldState.formKeyBindings
      case .text:
        bindings += TextFieldState.formKeyBindings
      case .choice:
        bindings.append(KeyBinding([], "type", "find", command: "search").inFooter())
        bindings.append(KeyBinding([.up, .down], "↑/↓", "highlight", command: "highlight").inFooter(keys: "↑↓"))
        bindings.append(KeyBinding([.enter], nil, "choose", command: "choose").inFooter())
      case .checkbox:
        bindings.append(KeyBinding([.character(" ")], nil, "tick", command: "toggle").inFooter())
      case .button:
        bindings.append(KeyBinding([.enter, .character(" ")], "Enter/Space", "press", command: "press").inFooter(keys: "Enter"))
      }
      if fields[index].isOneLineText(in: root) {
        let isLastInput = index == fields.lastIndex { !$0.isButton }
        bindings.append(KeyBinding([.enter], nil, isLastInput ? "done" : "next", command: "advance").inFooter())
      }
    }
    // The field's own keys first; the form's only where the field leaves them some key, and
    // only where they lead somewhere (no "back" on the first field, no "next" on the last).
    let taken = bindings.flatMap(\.keys)
    let index = focusedIndex
    let navigation = FormNavigation.bindings.filter { binding in
      guard !binding.keys.allSatisfy(taken.contains) else { return false }
      switch binding.command {
      case .previous: return (index ?? 0) > 0
      case .next: return index.map { $0 + 1 < fields.count } ?? true
      case .advance, .cancel: return true
      }
    }
    return bindings + navigation.map { $0.map(\.name) }
  }

  /// The footer's few hints for the focused field: the bindings of ``keyBindings`` marked for
  /// the footer, so a hint is always a key the form takes.
  public var hints: [Hint] {
    var hints: [Hint] = []
    for hint in keyBindings.compactMap(\.footer) where !hints.contains(hint) { hints.append(hint) }
    return hints.isEmpty ? [Hint(keys: "Tab", text: "to the form")] : hints
  }
}

/// How focus moves through a form: one table for ``Form/handle(_:)`` and for help.
public enum FormNavigation: Hashable, Sendable {
  case next, previous, advance, cancel

  /// What a binding of it is called in ``Form/keyBindings``.
  var name: String {
    switch self {
    case .next: "next"
    case .previous: "previous"
    case .advance: "advance"
    case .cancel: "cancel"
    }
  }

  public static let bindings: [KeyBinding<FormNavigation>] = [
    KeyBinding([.tab, .down], "Tab/↓", "next", command: .next).inFooter(keys: "Tab"),
    KeyBinding([.backTab, .up], "Shift-Tab/↑", "back", command: .previous).inFooter(keys: "S-Tab"),
    KeyBinding([.enter], nil, "next field; on the last, done", command: .advance),
    KeyBinding([.escape], nil, "cancel", command: .cancel).inFooter(essential: true),
  ]
}

extension Form: Sendable where Root: Sendable {}

extension TextFieldState {
  /// The editing keys as a ``Form`` lists them (each named "edit"): made once, since the router,
  /// help and the footer ask a form for its keys on every key pressed.
  static let formKeyBindings: [KeyBinding<String>] = keyBindings.map { $0.map { _ in "edit" } }
}
