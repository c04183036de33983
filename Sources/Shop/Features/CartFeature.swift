import TerminalKit
import Boundaries
import Foundation

/// The cart sheet: the products the customer chose, their total, and paying for them.
///
/// Rules it keeps:
/// - the total is always the sum of the lines (it is derived, so it cannot go stale);
/// - Pay does nothing for an empty cart or while an order is being sent;
/// - Pay opens checkout (``CheckoutFeature``), where a draft kept from before carries on; its
///   Place order asks for confirmation with the total, shipping included; Confirm sends the
///   order, with its address, delivery, prices and total, once;
/// - success shows the order number and where it ships, and its Done tells the parent the order
///   is complete;
/// - failure shows why, and its Done leaves the cart as it was, so the customer can pay again;
/// - every order attempt carries an idempotency key; after a failure that may have reached the
///   store (a timeout, a lost connection) the alert says the order may have gone through, and
///   paying again for the same lines sends the same attempt, key and body unchanged, so the store
///   takes it at most once;
/// - lines the store no longer lists are shown, never counted or ordered, and can be deleted;
/// - while an order is in flight the cart cannot be closed and its lines cannot be deleted.
@Reducer
public struct CartFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var items: IdentifiedArrayOf<CartItemFeature.State>
    /// Who is paying.
    public var customer: Customer.ID
    /// The line or button the keyboard is on.
    public var focus: Focus
    /// The lines on screen.
    public var scroll = ListScroll()
    public var order: OrderStatus = .idle
    /// The last order attempt whose outcome is unknown, or the one being sent: paying again for
    /// the same lines resends it as it is.
    public var attempt: OrderAttempt?
    /// How many units of the saved cart are still waiting for the products to load; the sheet
    /// says so instead of "your cart is empty".
    public var restoringUnitCount: Int
    @Presents public var alert: AlertState<Action.Alert>?
    /// Checkout, once Pay was pressed, until it is left or the order is placed.
    public var checkout: CheckoutFeature.State?
    /// The checkout typed so far, kept with the cart: Pay carries on from it.
    public var checkoutDraft: CheckoutDraft?

    public init(
      items: IdentifiedArrayOf<CartItemFeature.State>, customer: Customer.ID,
      attempt: OrderAttempt? = nil, restoringUnitCount: Int = 0, checkoutDraft: CheckoutDraft? = nil
    ) {
      self.items = items
      self.customer = customer
      self.attempt = attempt
      self.restoringUnitCount = restoringUnitCount
      self.checkoutDraft = checkoutDraft
      self.focus = items.first.map { .item($0.id) } ?? .payButton
    }

    /// Where the focused line is among the lines, if the focus is on one.
    public var focusedIndex: Int? {
      if case let .item(id) = focus { items.index(id: id) } else { nil }
    }

    /// The lines that can be ordered: those whose product the store lists.
    public var orderableItems: [CartItem] {
      items.compactMap(\.item)
    }

    /// The sum of every line that can be ordered.
    public var total: Money {
      orderableItems.sum(\.subtotal)
    }

    /// Whether Pay does anything right now.
    public var canPay: Bool {
      total > .zero && order != .sending
    }
  }

  /// Where the keyboard is in the sheet: on a line, or on the Pay button below them.
  public enum Focus: Hashable, Sendable {
    case item(Product.ID)
    case payButton
  }

  /// Where the order stands.
  public enum OrderStatus: Hashable, Sendable {
    case idle
    case sending
    case sent(OrderConfirmation)
    case failed(APIError)
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case closeTapped
      case payTapped
      /// A move through the lines and the Pay row, on a sheet that shows `visibleRows` lines.
      case focusMoved(SelectionMove, visibleRows: Int)
      /// A button of the alert was pressed (or the alert was dismissed).
      case alert(PresentationAction<Alert>)
      /// The keyboard moved between the alert's buttons.
      case alertFocusMoved(by: Int)
      /// Esc on the alert: presses its cancel button, or its only button; an alert with several
      /// buttons and none to cancel is dismissed.
      case alertEscaped
    }

    public enum InternalAction: Hashable, Sendable {
      case items(IdentifiedActionOf<CartItemFeature>)
      case checkout(CheckoutFeature.Action)
      case orderResponse(Result<OrderConfirmation, APIError>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The customer wants the sheet closed.
      case closeRequested
      /// A line was deleted: the product list should show 0 of it.
      case itemRemoved(Product.ID)
      /// A line's quantity was changed in the cart: the product list should show it.
      case quantityChanged(Product.ID, Int)
      /// The order went through and the customer saw the confirmation.
      case orderCompleted
      /// The order's answer never came: it may have been taken. Keep the attempt, so that paying
      /// for the same lines again resends it.
      case orderUnconfirmed(OrderAttempt)
      /// The checkout typed so far changed (or was let go, `nil`): keep it with the cart.
      case checkoutDraftChanged(CheckoutDraft?)
    }

    /// What the cart's alerts' buttons do.
    public enum Alert: Hashable, Sendable {
      /// "Pay $…" in the confirmation.
      case confirmPurchase
      /// "Done" after a successful order.
      case orderCompletedAcknowledged
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
      .forEach(\.items, action: \.items) { CartItemFeature() }
      .ifLet(\.checkout, action: \.checkout) { CheckoutFeature() }
      .ifLet(\.$alert, action: \.view.alert)
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .closeTapped:
      guard state.order != .sending else { return .none }
      return .send(.delegate(.closeRequested))

    case .payTapped:
      guard state.canPay, state.checkout == nil else { return .none }
      state.checkout = CheckoutFeature.State(lines: state.orderableItems, customer: state.customer, draft: state.checkoutDraft)
      return .none

    case let .focusMoved(move, rows):
      let stops = state.items.ids.map(Focus.item) + [.payButton]
      let current = stops.firstIndex(of: state.focus) ?? 0
      state.scroll.resize(to: rows, showing: state.focusedIndex, count: state.items.count)
      state.focus = stops[move.target(from: current, count: stops.count, page: stops.count)]
      state.scroll.show(state.focusedIndex, count: state.items.count)
      return .none

    case .alert(.presented(.confirmPurchase)):
      let items = state.orderableItems
      guard state.order != .sending, !items.isEmpty, let checkout = state.checkout else { return .none }
      state.order = .sending
      let draft = checkout.draft
      let order = OrderRequest(
        userId: state.customer, date: now, products: items.map { .init(productId: $0.id, quantity: $0.quantity, price: $0.product.price) },
        shipping: draft.address, delivery: draft.delivery, total: checkout.total
      )
      let attempt =
        if let earlier = state.attempt, earlier.order.isSameOrder(as: order) {
          earlier
        } else {
          OrderAttempt(idempotencyKey: uuid().uuidString.lowercased(), order: order)
        }
      state.attempt = attempt
      return .run { send in
        await send(._internal(.orderResponse(await Result { try await apiClient.sendOrder(attempt) })))
      }

    case .alert(.presented(.orderCompletedAcknowledged)):
      return .send(.delegate(.orderCompleted))

    case .alert(.dismiss):
      return .none

    case let .alertFocusMoved(offset):
      state.alert?.moveFocus(by: offset)
      return .none

    case .alertEscaped:
      // Esc presses the alert's cancel button, or its only one: the alert goes, as it does
      // whichever button is pressed, and the button's action is handled here and now rather
      // than sent back through the store.
      guard let alert = state.alert else { return .none }
      state.alert = nil
      guard let escape = alert.escapeButton?.action else { return .none }
      return reduce(into: &state, viewAction: .alert(.presented(escape)))
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .orderResponse(.success(confirmation)):
      state.order = .sent(confirmation)
      state.attempt = nil
      state.alert = .orderSucceeded(number: confirmation.id, shipsTo: state.checkout?.draft.address)
      return .none

    case let .orderResponse(.failure(error)) where error.mayHaveReachedStore:
      state.order = .failed(error)
      state.alert = .orderUnconfirmed(reason: error.message)
      return state.attempt.map { .send(.delegate(.orderUnconfirmed($0))) } ?? .none

    case let .orderResponse(.failure(error)):
      state.order = .failed(error)
      state.attempt = nil
      if case .changed = error {
        state.alert = .orderRefused(reason: error.message)
      } else {
        state.alert = .orderFailed(reason: error.message)
      }
      return .none

    case let .items(.element(id, .delegate(.deleteRequested))):
      guard state.order != .sending, let index = state.items.index(id: id) else { return .none }
      state.items.remove(id: id)
      let orderable = state.orderableItems
      state.checkout?.lines = orderable
      if state.focus == .item(id) {
        let next = state.items.indices.contains(index) ? state.items[index] : state.items.last
        state.focus = next.map { .item($0.id) } ?? .payButton
      }
      return .send(.delegate(.itemRemoved(id)))

    case let .items(.element(id, .delegate(.quantityChanged(quantity)))):
      guard state.order != .sending else { return .none }
      let orderable = state.orderableItems
      state.checkout?.lines = orderable
      return .send(.delegate(.quantityChanged(id, quantity)))

    case let .checkout(.delegate(.draftChanged(draft))):
      state.checkoutDraft = draft
      return .send(.delegate(.checkoutDraftChanged(draft)))

    case let .checkout(.delegate(.backedOut(draft))):
      state.checkout = nil
      state.checkoutDraft = draft
      return .send(.delegate(.checkoutDraftChanged(draft)))

    case let .checkout(.delegate(.placeOrder(draft, total))):
      state.checkoutDraft = draft
      guard state.canPay else { return .none }
      state.alert = .confirmPurchase(total: total, shipsTo: draft.address)
      return .send(.delegate(.checkoutDraftChanged(draft)))

    case .items, .checkout:
      return .none
    }
  }
}
