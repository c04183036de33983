/// What alerts and confirmation dialogs share: buttons, one of them focused, and which one Esc
/// presses.
public protocol ButtonChoiceState<Action> {
  associatedtype Action
  var buttons: [ButtonState<Action>] { get }
  /// The index in ``buttons`` of the button Enter presses.
  var focusedButtonIndex: Int { get set }
}

extension ButtonChoiceState {
  /// The button Enter presses, if there are any.
  public var focusedButton: ButtonState<Action>? {
    buttons.indices.contains(focusedButtonIndex) ? buttons[focusedButtonIndex] : nil
  }

  /// The button with the cancel role, if any.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The button that cancelling (Esc) presses: the one with the cancel role, or the only button
  /// when there is one. `nil` when cancelling just dismisses.
  public var escapeButton: ButtonState<Action>? {
    cancelButton ?? (buttons.count == 1 ? buttons.first : nil)
  }

  /// Moves focus by `offset` buttons, wrapping around at either end.
  public mutating func moveFocus(by offset: Int) {
    guard !buttons.isEmpty else { return }
    let count = buttons.count
    focusedButtonIndex = ((focusedButtonIndex + offset) % count + count) % count
  }

  /// Where focus starts: on the first button that does not cancel, so Enter does the main thing.
  static func initialFocus(among buttons: [ButtonState<Action>]) -> Int {
    buttons.firstIndex { $0.role != .cancel } ?? 0
  }
}
