/// An alert as data: title, message and buttons, presented through `@PresentationState`.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Confirm your purchase")
/// } actions: {
///   ButtonState(action: .confirmPurchase) { TextState("Pay \(total)") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("Do you want to proceed with your purchase of \(total)?")
/// }
/// ```
///
/// Unlike a touch screen, a keyboard needs to know which button is *focused*. That is part of
/// the alert's state, so it is tested and snapshotted like everything else: an alert opens with
/// focus on its first button that is not the cancel button, so Enter does the main thing.
public struct AlertState<Action>: EphemeralState {
  public var title: TextState
  public var message: TextState?
  public var buttons: [ButtonState<Action>]
  /// The index in ``buttons`` of the button Enter presses.
  public private(set) var focusedButtonIndex: Int

  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.message = message?()
    let buttons = actions()
    self.buttons = buttons
    self.focusedButtonIndex = buttons.firstIndex { $0.role != .cancel } ?? 0
  }

  /// The button Enter presses, if the alert has any.
  public var focusedButton: ButtonState<Action>? {
    buttons.indices.contains(focusedButtonIndex) ? buttons[focusedButtonIndex] : nil
  }

  /// The button Esc presses: the one with the cancel role, if any.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The button that cancelling (Esc) presses: the one with the cancel role, or the only button
  /// of a one-button alert. `nil` when cancelling just dismisses the alert.
  public var escapeButton: ButtonState<Action>? {
    cancelButton ?? (buttons.count == 1 ? buttons.first : nil)
  }

  /// Moves focus by `offset` buttons, wrapping around at either end.
  public mutating func moveFocus(by offset: Int) {
    guard !buttons.isEmpty else { return }
    let count = buttons.count
    focusedButtonIndex = ((focusedButtonIndex + offset) % count + count) % count
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
