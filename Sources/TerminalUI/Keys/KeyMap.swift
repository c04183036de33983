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

  public init(
    _ keys: [Key], _ keyLabel: String? = nil, _ summary: String, footer: Hint? = nil, action: Action
  ) {
    self.keys = keys
    self.keyLabel = keyLabel ?? keys.map(\.label).joined(separator: "/")
    self.summary = summary
    self.footer = footer
    self.action = action
  }

  /// This binding, shown in the footer under its own key label and summary; an `essential`
  /// one is the last to give way when the footer is short of room.
  public func inFooter(essential: Bool = false) -> Self {
    var binding = self
    binding.footer = Hint(keys: keys.first.map(\.label) ?? keyLabel, text: summary, isEssential: essential)
    return binding
  }

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

  public init(_ title: String, isModal: Bool = false, bindings: [KeyBinding<Action>]) {
    self.title = title
    self.isModal = isModal
    self.bindings = bindings
  }

  /// The action bound to `key`, if any.
  public func action(for key: Key) -> Action? {
    bindings.first { $0.keys.contains(key) }?.action
  }

  public func map<NewAction>(_ transform: (Action) -> NewAction) -> KeyMap<NewAction> {
    KeyMap<NewAction>(title, isModal: isModal, bindings: bindings.map { $0.map(transform) })
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
  var width: Int { TextWidth.columns(of: keys) + 1 + TextWidth.columns(of: text) }
}

extension KeyBinding: Sendable where Action: Sendable {}
extension KeyMap: Sendable where Action: Sendable {}
