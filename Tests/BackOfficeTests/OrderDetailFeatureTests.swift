import BackOffice
import Boundaries
import Shop
import TerminalKit
import Testing

/// An order's moves: each confirmed before it is sent; shipping and cancelling ask for their
/// words first and refuse a blank; the store's answer replaces the order; a refusal is said.
@MainActor
struct OrderDetailFeatureTests {
  func makeStore(
    _ order: StoredOrder = Samples.order(7), move: @escaping @Sendable (Int, OrderStatusRequest) async throws -> StoredOrder
  ) -> TestStoreOf<OrderDetailFeature> {
    TestStore(initialState: OrderDetailFeature.State(order: order)) {
      OrderDetailFeature()
    } withDependencies: {
      $0.adminClient.moveOrder = move
    }
  }

  @Test func packingIsConfirmedThenSent() async {
    let order = Samples.order(7)
    let packed = Samples.moved(order, to: OrderStatusRequest(status: .packed))
    let store = makeStore(order) { id, request in
      #expect(id == 7 && request == OrderStatusRequest(status: .packed))
      return packed
    }
    #expect(store.state.moves == [.packed, .cancelled])
    await store.send(.view(.moveChosen(.packed))) {
      $0.pending = .init(request: OrderStatusRequest(status: .packed), question: "Mark order #7 as packed?")
    }
    await store.send(.view(.confirmed)) {
      $0.pending = nil
      $0.isMoving = true
    }
    await store.receive(\._internal.moved.success) {
      $0.isMoving = false
      $0.order = packed
    }
    await store.receive(.delegate(.orderChanged(packed)))
    #expect(store.state.moves == [.shipped, .cancelled])
  }

  @Test func aMoveNotOpenToTheOrderIsNotOffered() async {
    let store = makeStore { _, _ in Issue.record("nothing is sent"); return Samples.order(7) }
    await store.send(.view(.moveChosen(.delivered)))
    await store.send(.view(.moveChosen(.shipped)))
  }

  @Test func saidNoSendsNothing() async {
    let store = makeStore { _, _ in Issue.record("nothing is sent"); return Samples.order(7) }
    await store.send(.view(.moveChosen(.packed))) {
      $0.pending = .init(request: OrderStatusRequest(status: .packed), question: "Mark order #7 as packed?")
    }
    await store.send(.view(.confirmationDismissed)) { $0.pending = nil }
  }

  @Test func shippingAsksForTheCarrierAndTrackingAndRefusesBlanks() async {
    let order = Samples.order(7, history: [OrderStatusChange(stage: .packed, at: Samples.placedAt)])
    let request = OrderStatusRequest(status: .shipped, carrier: "UPS", tracking: "1Z999")
    let shipped = Samples.moved(order, to: request)
    let store = makeStore(order) { _, sent in
      #expect(sent == request)
      return shipped
    }
    await store.send(.view(.moveChosen(.shipped))) { $0.form = MoveForm(stage: .shipped) }
    // Enter on the carrier moves on; Enter on the last field submits, and the blanks are said.
    await store.send(.view(.form(.key(.enter)))) { $0.form?.focus = .tracking }
    await store.send(.view(.form(.key(.enter)))) {
      $0.form?.messages = [.carrier: "Needed to ship", .tracking: "Needed to ship"]
      $0.form?.focus = .carrier
    }
    await store.send(.view(.form(.paste("  UPS ")))) { $0.form?.carrier = Self.field("  UPS ") }
    await store.send(.view(.form(.key(.tab)))) { $0.form?.focus = .tracking }
    await store.send(.view(.form(.paste("1Z999")))) { $0.form?.tracking = Self.field("1Z999") }
    await store.send(.view(.form(.key(.enter)))) {
      $0.form = nil
      $0.pending = .init(request: request, question: "Ship order #7 with UPS, tracking 1Z999?")
    }
    await store.send(.view(.confirmed)) {
      $0.pending = nil
      $0.isMoving = true
    }
    await store.receive(\._internal.moved.success) {
      $0.isMoving = false
      $0.order = shipped
    }
    await store.receive(.delegate(.orderChanged(shipped)))
  }

  @Test func cancellingAsksWhyAndEscLeavesTheForm() async {
    let store = makeStore { _, _ in Issue.record("nothing is sent"); return Samples.order(7) }
    await store.send(.view(.moveChosen(.cancelled))) { $0.form = MoveForm(stage: .cancelled) }
    await store.send(.view(.form(.key(.character("x"))))) { $0.form?.reason = Self.field("x") }
    await store.send(.view(.form(.key(.escape)))) { $0.form = nil }
  }

  @Test func aRefusalIsSaidAndTheOrderStays() async {
    let store = makeStore { _, _ in throw APIError.changed("order 7 is shipped and cannot become packed") }
    await store.send(.view(.moveChosen(.packed))) {
      $0.pending = .init(request: OrderStatusRequest(status: .packed), question: "Mark order #7 as packed?")
    }
    await store.send(.view(.confirmed)) {
      $0.pending = nil
      $0.isMoving = true
    }
    await store.receive(\._internal.moved.failure) {
      $0.isMoving = false
      $0.failure = "Order 7 is shipped and cannot become packed"
    }
    #expect(store.state.order == Samples.order(7))
    await store.send(.view(.closeTapped))
    await store.receive(.delegate(.closed))
  }

  /// What a text field holds after `text` is pasted into an empty one of the form's limit.
  static func field(_ text: String) -> TextFieldState {
    var field = TextFieldState(limit: MoveForm.noteLimit)
    field.apply(.paste(text))
    return field
  }
}
