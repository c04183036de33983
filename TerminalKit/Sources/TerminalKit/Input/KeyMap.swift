/// One key binding: the keys, what they do, and how help and the footer describe it.
///
/// Bubble Tea's idea: the table that decides what a key does is the same table the hints are
/// drawn from, so a hint can never promise something the key does not do.
public struct KeyBinding<Command> {
  public var keys: [Key]
  /// The keys as help writes them: "↑/k".
  public var keyLabel: String
  /// What the binding does, in a few words: "move up".
  public var summary: String
  /// How the footer shows it, if it is one of the few most useful bindings of its screen.
  /// Bindings that belong together share a hint ("↑↓ move"), which the footer shows once.
  public var footer: Hint?
  public var command: Command

  @inlinable
  public init(
    _ keys: [Key], _ keyLabel: String? = nil, _ summary: String, footer: Hint? = nil, command: Command
  ) {
    self.keys = keys
    self.keyLabel = keyLabel ?? keys.map(\.label).joined(separator: "/")
    self.summary = summary
    self.footer = footer
    self.command = command
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
  public func map<NewCommand>(_ transform: (Command) -> NewCommand) -> KeyBinding<NewCommand> {
    KeyBinding<NewCommand>(keys, keyLabel, summary, footer: footer, command: transform(command))
  }
}

/// The key bindings of one screen (or part of one) in force right now.
public struct KeyMap<Command> {
  /// Where these bindings apply, for the help overlay: "Products", "Cart".
  public var title: String
  public var bindings: [KeyBinding<Command>]
  /// Whether keys this map does not bind stop here instead of reaching the screens below
  /// (a dialog or a sheet).
  public var isModal: Bool
  /// Where typed text goes (a search line): printable characters no binding takes, and pasted
  /// text. Help lists it as a row of its own.
  public var textInput: TextInput<Command>?
  /// For a control that decides its keys itself (a ``Form``): every key goes here instead of
  /// through ``bindings``, which then only describe the keys for help and the footer.
  public var route: (@Sendable (Key) -> Command?)?

  @inlinable
  public init(
    _ title: String, isModal: Bool = false, textInput: TextInput<Command>? = nil, bindings: [KeyBinding<Command>],
    route: (@Sendable (Key) -> Command?)? = nil
  ) {
    self.title = title
    self.isModal = isModal
    self.textInput = textInput
    self.bindings = bindings
    self.route = route
  }

  /// The command bound to `key`, if any; a printable character goes to the text input.
  @inlinable
  public func command(for key: Key) -> Command? {
    if let route { return route(key) }
    if let bound = bindings.first(where: { $0.keys.contains(key) }) { return bound.command }
    if let textInput, case let .character(character) = key { return textInput.command(String(character)) }
    return nil
  }

  @inlinable
  public func map<NewCommand>(_ transform: @escaping @Sendable (Command) -> NewCommand) -> KeyMap<NewCommand> {
    var routed: (@Sendable (Key) -> NewCommand?)?
    if let route { routed = { key in route(key).map(transform) } }
    return KeyMap<NewCommand>(
      title, isModal: isModal, textInput: textInput?.map(transform), bindings: bindings.map { $0.map(transform) }, route: routed
    )
  }
}

extension KeyMap where Command: Equatable {
  /// How the first key bound to `command` is written ("Esc", "c"), for a screen that names it
  /// in its own text ("c  Go to Cart", "press r"): the text then says what the keys do.
  public func key(for command: Command) -> String? {
    bindings.first { $0.command == command }?.keys.first?.label
  }
}

/// Text typed into a screen: what becomes of it, and how help describes it ("type to search").
public struct TextInput<Command>: Sendable {
  public var summary: String
  public var command: @Sendable (String) -> Command

  @inlinable
  public init(_ summary: String, command: @escaping @Sendable (String) -> Command) {
    self.summary = summary
    self.command = command
  }

  @inlinable
  public func map<NewCommand>(_ transform: @escaping @Sendable (Command) -> NewCommand) -> TextInput<NewCommand> {
    let command = self.command
    return TextInput<NewCommand>(summary) { transform(command($0)) }
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

extension KeyBinding: Sendable where Command: Sendable {}
extension KeyMap: Sendable where Command: Sendable {}
