/// A key or a paste for a ``Form``, as an app's action carries it to the reducer that owns
/// the form's state, which hands it to ``Form/handle(_:)``.
public enum FormInput: Hashable, Sendable {
  case key(Key)
  case paste(String)

  public var event: InputEvent {
    switch self {
    case let .key(key): .key(key)
    case let .paste(text): .paste(text)
    }
  }
}

extension Form where Root: Sendable {
  /// The form as a layer of an app's key maps: every key the form takes (``takes(_:)``) becomes
  /// `.key`, pasted text `.paste`, and the rest are left to the layers below — or stop here
  /// when `isModal`. Help and the footer describe it from ``keyBindings``.
  public func keyMap(_ title: String, isModal: Bool = true) -> KeyMap<FormInput> {
    KeyMap(
      title, isModal: isModal,
      textInput: TextInput("type into the field") { .paste($0) },
      bindings: keyBindings.map { binding in binding.map { _ in FormInput.key(binding.keys.first ?? .escape) } },
      route: { key in takes(key) ? .key(key) : nil }
    )
  }
}
