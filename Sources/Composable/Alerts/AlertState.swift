/// An alert as data: title, message and buttons, presented through `@Presents`.
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
public struct AlertState<Action>: EphemeralState, ButtonChoiceState {
  public var title: TextState
  public var message: TextState?
  public var buttons: [ButtonState<Action>]
  /// The index in ``buttons`` of the button Enter presses.
  public var focusedButtonIndex: Int

  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.message = message?()
    let buttons = actions()
    self.buttons = buttons
    self.focusedButtonIndex = Self.initialFocus(among: buttons)
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
