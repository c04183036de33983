/// One key binding: the keys, what they do, and how help and the footer describe it.
///
/// Bubble Tea's idea: the table that decides what a key does is the same table the hints are
/// drawn from, so a hint can never promise something the key does not do.
public struct KeyBinding<Action> {
  public var keys: [Key]
  /// The keys as help writes them: "↑/k".
  public var keyLabel: String
  /// What the binding does, in a few words: "move up".
  public var summary: String
  /// How the footer shows it, if it is one of the few most useful bindings of its screen.
  /// Bindings that belong together share a hint ("↑↓ move"), which the footer shows once.
  public var footer: Hint?
  public var action: Action

  @inlinable
  public init(
    _ keys: [Key], _ keyLabel: String? = nil, _ summary: String, footer: Hint? = nil, action: Action
  ) {
    self.keys = keys
    self.keyLabel = keyLabel ?? keys.map(\.label).joined(separator: "/")
    self.summary = summary
    self.footer = footer
    self.action = action
  }

  /// This binding, shown in the footer with its summary under its key label as help writes it
  /// ("↑/k"), or under `keys` when the footer should be shorter than help ("Esc" for "Esc/q");
  /// an `essential` one is the last to give way when the footer is short of room.
  @inlinable
  public func inFooter(essential: Bool = false, keys footerKeys: String? = nil) -> Self {
    var binding = self
    binding.footer = Hint(keys: footerKeys ?? keyLabel, text: summary, isEssential: essential)
    return binding
  }

  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> KeyBinding<NewAction> {
    KeyBinding<NewAction>(keys, keyLabel, summary, footer: footer, action: transform(action))
  }
}

/// The key bindings of one screen (or part of one) in force right now.
public struct KeyMap<Action> {
  /// Where these bindings apply, for the help overlay: "Products", "Cart".
  public var title: String
  public var bindings: [KeyBinding<Action>]
  /// Whether keys this map does not bind stop here instead of reaching the screens below
  /// (a dialog or a sheet).
  public var isModal: Bool
  /// Where typed text goes (a search line): printable characters no binding takes, and pasted
  /// text. Help lists it as a row of its own.
  public var textInput: TextInput<Action>?
  /// For a control that decides its keys itself (a ``Form``): every key goes here instead of
  /// through ``bindings``, which then only describe the keys for help and the footer.
  public var route: (@Sendable (Key) -> Action?)?

  @inlinable
  public init(
    _ title: String, isModal: Bool = false, textInput: TextInput<Action>? = nil, bindings: [KeyBinding<Action>],
    route: (@Sendable (Key) -> Action?)? = nil
  ) {
    self.title = title
    self.isModal = isModal
    self.textInput = textInput
    self.bindings = bindings
    self.route = route
  }

  /// The action bound to `key`, if any; a printable character goes to the text input.
  @inlinable
  public func action(for key: Key) -> Action? {
    if let route { return route(key) }
    if let bound = bindings.first(where: { $0.keys.contains(key) }) { return bound.action }
    if let textInput, case let .character(character) = key { return textInput.action(String(character)) }
    return nil
  }

  @inlinable
  public func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> KeyMap<NewAction> {
    var routed: (@Sendable (Key) -> NewAction?)?
    if let route { routed = { key in route(key).map(transform) } }
    return KeyMap<NewAction>(
      title, isModal: isModal, textInput: textInput?.map(transform), bindings: bindings.map { $0.map(transform) }, route: routed
    )
  }
}

extension KeyMap where Action: Equatable {
  /// How the first key bound to `action` is written ("Esc", "c"), for a screen that names it
  /// in its own text ("c  Go to Cart", "press r"): the text then says what the keys do.
  public func key(for action: Action) -> String? {
    bindings.first { $0.action == action }?.keys.first?.label
  }
}

/// Text typed into a screen: what becomes of it, and how help describes it ("type to search").
public struct TextInput<Action>: Sendable {
  public var summary: String
  public var action: @Sendable (String) -> Action

  @inlinable
  public init(_ summary: String, action: @escaping @Sendable (String) -> Action) {
    self.summary = summary
    self.action = action
  }

  @inlinable
  public func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> TextInput<NewAction> {
    let action = self.action
    return TextInput<NewAction>(summary) { transform(action($0)) }
  }
}

/// A footer hint: "q quit".
public struct Hint: Hashable, Sendable {
  public var keys: String
  public var text: String
  /// Kept when the footer is short of room, while the others give way (help, quit).
  public var isEssential: Bool

  public init(keys: String, text: String, isEssential: Bool = false) {
    self.keys = keys
    self.text = text
    self.isEssential = isEssential
  }

  /// Columns on screen: the keys, a space, the text.
  public var width: Int { TextWidth.columns(of: keys) + 1 + TextWidth.columns(of: text) }
}

extension KeyBinding: Sendable where Action: Sendable {}
extension KeyMap: Sendable where Action: Sendable {}
