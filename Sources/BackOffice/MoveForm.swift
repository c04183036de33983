import Shop
import TerminalKit

/// What an operator types to move an order on where the move needs words: a shipment's
/// carrier and tracking reference, a cancellation's reason. The fields are the kit's editing
/// values; the form is made from them for each key and each frame.
public struct MoveForm: Hashable, Sendable {
  public enum Field: Hashable, Sendable { case carrier, tracking, reason }

  /// Shipped or cancelled.
  public var stage: OrderStage
  public var carrier = TextFieldState(limit: MoveForm.noteLimit)
  public var tracking = TextFieldState(limit: MoveForm.noteLimit)
  public var reason = TextFieldState(limit: MoveForm.noteLimit)
  public var focus: Field?
  /// What a submit found wrong, by field.
  public var messages: [Field: String] = [:]

  /// The longest note the store keeps (its `AdminRoutes.maximumNoteLength`).
  public static let noteLimit = 100

  public init(stage: OrderStage) {
    self.stage = stage
    focus = stage == .cancelled ? .reason : .carrier
  }

  public var title: String { stage == .cancelled ? "Cancel the order" : "Ship the order" }

  public var form: Form<MoveForm, Field> {
    let fields: [FormField<MoveForm, Field>] =
      stage == .cancelled
      ? [.text(.reason, "Reason", \.reason, placeholder: "why it is cancelled", required: true, message: messages[.reason])]
      : [
        .text(.carrier, "Carrier", \.carrier, placeholder: "UPS, DHL, La Poste…", required: true, message: messages[.carrier]),
        .text(.tracking, "Tracking", \.tracking, placeholder: "the carrier's reference", required: true, message: messages[.tracking]),
      ]
    return Form(self, focus: focus, fields: fields)
  }

  /// What a submit comes to.
  public enum Outcome: Hashable, Sendable {
    /// The move as the store takes it.
    case ready(OrderStatusRequest)
    /// The form with a message on each field that needs one, focus on the first.
    case needsFixing(MoveForm)
  }

  public func submitted() -> Outcome {
    func trimmed(_ field: TextFieldState) -> String { field.text.trimmingCharacters(in: .whitespaces) }
    var checked = self
    checked.messages = [:]
    let needed: [Field] = stage == .cancelled ? [.reason] : [.carrier, .tracking]
    for field in needed where trimmed(self[field]).isEmpty {
      checked.messages[field] = field == .reason ? "Say why, for the customer" : "Needed to ship"
    }
    guard checked.messages.isEmpty else {
      checked.focus = needed.first { checked.messages[$0] != nil }
      return .needsFixing(checked)
    }
    return .ready(
      stage == .cancelled
        ? OrderStatusRequest(status: .cancelled, reason: trimmed(reason))
        : OrderStatusRequest(status: .shipped, carrier: trimmed(carrier), tracking: trimmed(tracking))
    )
  }

  subscript(field: Field) -> TextFieldState {
    switch field {
    case .carrier: carrier
    case .tracking: tracking
    case .reason: reason
    }
  }
}

