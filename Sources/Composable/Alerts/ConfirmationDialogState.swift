/// A choice among several actions as data — the Composable Architecture's action sheet —
/// presented through `@Presents` like an alert:
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Empty your cart?")
/// } actions: {
///   ButtonState(role: .destructive, action: .emptyCart) { TextState("Empty cart") }
///   ButtonState(role: .cancel) { TextState("Keep it") }
/// }
/// ```
///
/// It goes away on its own after any of its buttons, as an alert does.
public struct ConfirmationDialogState<Action>: EphemeralState, ButtonChoiceState {
  /// Whether the title is shown above the buttons.
  public enum Visibility: Hashable, Sendable {
    case automatic
    case hidden
    case visible
  }

  public var title: TextState
  public var titleVisibility: Visibility
  public var message: TextState?
  public var buttons: [ButtonState<Action>]
  public var focusedButtonIndex: Int

  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.titleVisibility = titleVisibility
    self.message = message?()
    let buttons = actions()
    self.buttons = buttons
    self.focusedButtonIndex = Self.initialFocus(among: buttons)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
