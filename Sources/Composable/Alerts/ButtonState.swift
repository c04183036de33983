/// A button of an alert or dialog: its label, its role and the action it sends.
///
/// ```swift
/// ButtonState(action: .confirmPurchase) { TextState("Pay $242.20") }
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
///
/// A button without an action dismisses what it belongs to.
public struct ButtonState<Action> {
  /// What kind of choice a button is, for how it is drawn and which key answers it.
  public enum Role: Equatable, Hashable, Sendable {
    /// Backs out without doing anything; Esc presses it.
    case cancel
    /// Does something that cannot be undone; drawn in a warning colour.
    case destructive
  }

  public var role: Role?
  public var action: Action?
  public var label: TextState

  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Lists the buttons of an ``AlertState``.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}
