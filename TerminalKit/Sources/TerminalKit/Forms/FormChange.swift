/// A field's new value, for the app to store: `change.apply(to: &state)`, or, in a reducer,
/// as a binding action (each case carries the key path and the value `BindingAction.set` takes).
public enum FormChange<Root>: @unchecked Sendable {
  // Unchecked: each case holds a Sendable key path and a Sendable value.
  case text(WritableKeyPath<Root, TextFieldState> & Sendable, TextFieldState)
  case choice(WritableKeyPath<Root, ChoiceState> & Sendable, ChoiceState)
  case checkbox(WritableKeyPath<Root, Bool> & Sendable, Bool)

  public func apply(to root: inout Root) {
    switch self {
    case let .text(keyPath, value): root[keyPath: keyPath] = value
    case let .choice(keyPath, value): root[keyPath: keyPath] = value
    case let .checkbox(keyPath, value): root[keyPath: keyPath] = value
    }
  }
}

/// What a key or a paste does to a ``Form``.
public enum FormEvent<Root, ID: Hashable & Sendable> {
  /// The focused field's value changed.
  case change(FormChange<Root>)
  /// Focus moves to this field.
  case focus(ID)
  /// A button was pressed.
  case press(ID)
  /// Enter on the last field that is not a button: the form is done, as far as the person is
  /// concerned (the app validates, and focuses the first field with a message if there is one).
  case submit
  /// Esc: the person backs out.
  case cancel
}

extension FormEvent: @unchecked Sendable where ID: Sendable {}
