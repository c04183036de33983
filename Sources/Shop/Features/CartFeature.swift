import Boundaries
import Foundation

/// The cart sheet: the products the customer chose, their total, and paying for them.
///
/// Rules it keeps:
/// - the total is always the sum of the lines (it is derived, so it cannot go stale);
/// - Pay does nothing for an empty cart or while an order is being sent;
/// - Pay asks for confirmation with the total at that moment; Confirm sends the order once;
/// - success shows the order number, and its Done tells the parent the order is complete;
/// - failure shows why, and its Done leaves the cart as it was, so the customer can pay again;
/// - while an order is in flight the cart cannot be closed and its lines cannot be deleted.
public struct CartFeature: ComposedBoundingReducer, Sendable {
  public struct State: Equatable, Sendable {
    public var items: IdentifiedArrayOf<CartItemFeature.State>
    /// Who is paying.
    public var userID: Int
    /// The line or button the keyboard is on.
    public var focus: Focus
    public var order: OrderStatus = .idle
    @PresentationState public var alert: AlertState<AlertAction>?

    public init(items: IdentifiedArrayOf<CartItemFeature.State>, userID: Int) {
      self.items = items
      self.userID = userID
      self.focus = items.first.map { .item($0.id) } ?? .payButton
    }

    /// The sum of every line.
    public var total: Money {
      items.sum(\.item.subtotal)
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

  /// What the cart's alerts' buttons do.
  @CasePathable
  public enum AlertAction: Hashable, Sendable {
    /// "Pay $…" in the confirmation.
    case confirmPurchase
    /// "Done" after a successful order.
    case orderCompletedAcknowledged
  }

  public typealias Action = FeatureAction<ViewAction, InternalAction, DelegateAction>

  @CasePathable
  public enum ViewAction: Hashable, Sendable {
    case closeTapped
    case payTapped
    case focusMoved(SelectionMove)
    /// A button of the alert was pressed (or the alert was dismissed).
    case alert(PresentationAction<AlertAction>)
    /// The keyboard moved between the alert's buttons.
    case alertFocusMoved(by: Int)
  }

  @CasePathable
  public enum InternalAction: Hashable, Sendable {
    case items(IdentifiedActionOf<CartItemFeature>)
    case orderResponse(Result<OrderConfirmation, APIError>)
  }

  public enum DelegateAction: Hashable, Sendable {
    /// The customer wants the sheet closed.
    case closeRequested
    /// A line was deleted: the product list should show 0 of it.
    case itemRemoved(Product.ID)
    /// The order went through and the customer saw the confirmation.
    case orderCompleted
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.date.now) var now

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
      .forEach(\.items, action: \.items) { CartItemFeature() }
      .ifLet(\.$alert, action: Action.viewCase(\.alert))
  }

  public func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    switch action {
    case .closeTapped:
      guard state.order != .sending else { return .none }
      return .send(.delegate(.closeRequested))

    case .payTapped:
      guard state.canPay else { return .none }
      state.alert = .confirmPurchase(total: state.total)
      return .none

    case let .focusMoved(move):
      let stops = state.items.ids.map(Focus.item) + [.payButton]
      let current = stops.firstIndex(of: state.focus) ?? 0
      state.focus = stops[move.target(from: current, count: stops.count, page: stops.count)]
      return .none

    case .alert(.presented(.confirmPurchase)):
      guard state.order != .sending, !state.items.isEmpty else { return .none }
      state.order = .sending
      let order = OrderRequest(userId: state.userID, date: now, items: state.items.map(\.item))
      return .run { send in
        do {
          await send(._internal(.orderResponse(.success(try await apiClient.sendOrder(order)))))
        } catch {
          await send(._internal(.orderResponse(.failure(APIError(error)))))
        }
      }

    case .alert(.presented(.orderCompletedAcknowledged)):
      return .send(.delegate(.orderCompleted))

    case .alert(.dismiss):
      return .none

    case let .alertFocusMoved(offset):
      state.alert?.moveFocus(by: offset)
      return .none
    }
  }

  public func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    switch action {
    case let .orderResponse(.success(confirmation)):
      state.order = .sent(confirmation)
      state.alert = .orderSucceeded(number: confirmation.id)
      return .none

    case let .orderResponse(.failure(error)):
      state.order = .failed(error)
      state.alert = .orderFailed(reason: error.message)
      return .none

    case let .items(.element(id, .delegate(.deleteRequested))):
      guard state.order != .sending, let index = state.items.index(id: id) else { return .none }
      state.items.remove(id: id)
      if state.focus == .item(id) {
        let next = state.items.indices.contains(index) ? state.items[index] : state.items.last
        state.focus = next.map { .item($0.id) } ?? .payButton
      }
      return .send(.delegate(.itemRemoved(id)))

    case .items:
      return .none
    }
  }
}

extension AlertState where Action == CartFeature.AlertAction {
  /// "Confirm your purchase": Pay (focused) and Cancel.
  static func confirmPurchase(total: Money) -> Self {
    AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .confirmPurchase) { TextState("Pay \(total.formatted)") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Do you want to proceed with your purchase of \(total.formatted)?")
    }
  }

  /// "Thank you!", with the order number when the store gave one.
  static func orderSucceeded(number: Int?) -> Self {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .orderCompletedAcknowledged) { TextState("Done") }
    } message: {
      TextState(
        "Your order is in process." + (number.map { " Your order number is \($0)." } ?? "")
      )
    }
  }

  /// "Oops!", with the reason.
  static func orderFailed(reason: String) -> Self {
    AlertState {
      TextState("Oops!")
    } actions: {
      ButtonState { TextState("Done") }
    } message: {
      TextState("Unable to send order, try again later. \(reason).")
    }
  }
}
