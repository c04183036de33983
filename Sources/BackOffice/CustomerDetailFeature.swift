import Boundaries
import Shop
import TerminalKit

/// One customer in the back office: who they are, the addresses they keep and their newest
/// orders, one of which can be opened — the next screen of a drill-down. Their record is fetched
/// when the screen first shows (`task`), and again on `r` after a failure.
@Reducer
public struct CustomerDetailFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Sendable {
    public var customerID: CustomerSummary.ID
    public var record: CustomerRecord?
    /// Why the record could not be fetched.
    public var failure: String?
    public var isLoading = false
    /// The newest order chosen, to open with Enter.
    public var selectedOrderID: StoredOrder.ID?

    public init(customerID: CustomerSummary.ID) {
      self.customerID = customerID
    }

    /// The customer's newest orders, as the record lists them.
    public var orders: [StoredOrder] { record?.orders ?? [] }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// The screen came into view: fetch the record.
      case task
      case retryTapped
      /// Up or down through the newest orders.
      case orderSelectionMoved(by: Int)
      case orderOpened
      case closeTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case recordLoaded(Result<CustomerRecord, APIError>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// Open this order on top of the customer.
      case orderOpened(StoredOrder)
      case closed
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID { case record }

  @Dependency(\.adminClient) var adminClient

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task, .retryTapped:
      guard state.record == nil || action == .retryTapped else { return .none }
      state.isLoading = true
      state.failure = nil
      let id = state.customerID
      return .run { send in
        await send(._internal(.recordLoaded(await Result { try await adminClient.fetchCustomer(id) })))
      }
      .cancellable(id: CancelID.record, cancelInFlight: true)

    case let .orderSelectionMoved(step):
      let orders = state.orders
      guard !orders.isEmpty else { return .none }
      let current = state.selectedOrderID.flatMap { id in orders.firstIndex { $0.id == id } } ?? 0
      state.selectedOrderID = orders[min(max(current + step, 0), orders.count - 1)].id
      return .none

    case .orderOpened:
      guard let id = state.selectedOrderID, let order = state.orders.first(where: { $0.id == id }) else { return .none }
      return .send(.delegate(.orderOpened(order)))

    case .closeTapped:
      return .send(.delegate(.closed))
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .recordLoaded(.success(record)):
      state.isLoading = false
      state.record = record
      if state.selectedOrderID.flatMap({ id in record.orders.first { $0.id == id } }) == nil {
        state.selectedOrderID = record.orders.first?.id
      }
      return .none
    case let .recordLoaded(.failure(error)):
      state.isLoading = false
      state.failure = error.message
      return .none
    }
  }
}
