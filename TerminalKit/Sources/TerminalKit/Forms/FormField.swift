/// One field of a ``Form``: what it is called, which part of the app's state it edits, and the
/// message its validation left, if any.
///
/// A field reads and writes the app's state through a key path, so the form is a description
/// made from the state for each frame and the state stays the app's (a reducer's, with
/// `BindingReducer`): `.text(\.name, "Full name")`.
public struct FormField<Root, ID: Hashable & Sendable> {
  public var id: ID
  public var label: String
  public var control: Control
  /// What is wrong with the value, shown under the field; `nil` when nothing is.
  public var message: String?
  /// Marked with `*` after the label, and said in the accessible mode.
  public var isRequired: Bool

  public enum Control {
    /// A one-line text (`masked`: dots for a password).
    case text(WritableKeyPath<Root, TextFieldState> & Sendable, placeholder: String, masked: Bool)
    /// Several lines, `rows` of them on screen.
    case textArea(WritableKeyPath<Root, TextFieldState> & Sendable, rows: Int)
    /// One of a list of options, found by typing.
    case choice(WritableKeyPath<Root, ChoiceState> & Sendable)
    /// Yes or no.
    case checkbox(WritableKeyPath<Root, Bool> & Sendable)
    /// A button: Enter or Space presses it. Buttons next to each other share a row.
    case button(ButtonAppearance)
  }

  public init(id: ID, label: String, control: Control, message: String? = nil, isRequired: Bool = false) {
    self.id = id
    self.label = label
    self.control = control
    self.message = message
    self.isRequired = isRequired
  }

  public static func text(
    _ id: ID, _ label: String, _ keyPath: WritableKeyPath<Root, TextFieldState> & Sendable,
    placeholder: String = "", masked: Bool = false, required: Bool = false, message: String? = nil
  ) -> Self {
    Self(id: id, label: label, control: .text(keyPath, placeholder: placeholder, masked: masked), message: message, isRequired: required)
  }

  public static func textArea(
    _ id: ID, _ label: String, _ keyPath: WritableKeyPath<Root, TextFieldState> & Sendable,
    rows: Int = 3, required: Bool = false, message: String? = nil
  ) -> Self {
    Self(id: id, label: label, control: .textArea(keyPath, rows: max(1, rows)), message: message, isRequired: required)
  }

  public static func choice(
    _ id: ID, _ label: String, _ keyPath: WritableKeyPath<Root, ChoiceState> & Sendable,
    required: Bool = false, message: String? = nil
  ) -> Self {
    Self(id: id, label: label, control: .choice(keyPath), message: message, isRequired: required)
  }

  public static func checkbox(_ id: ID, _ label: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable, message: String? = nil) -> Self {
    Self(id: id, label: label, control: .checkbox(keyPath), message: message)
  }

  public static func button(_ id: ID, _ label: String, appearance: ButtonAppearance = .normal) -> Self {
    Self(id: id, label: label, control: .button(appearance))
  }

  /// Whether Enter moves on from this field: a text, or a text area over a one-line value.
  func isOneLineText(in root: Root) -> Bool {
    switch control {
    case .text: true
    case let .textArea(keyPath, _): !root[keyPath: keyPath].isMultiline
    default: false
    }
  }

  var isButton: Bool {
    if case .button = control { true } else { false }
  }
}

extension FormField: Sendable where Root: Sendable {}
extension FormField.Control: Sendable where Root: Sendable {}
