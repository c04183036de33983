import Boundaries
import Shop
import TerminalKit

/// The customers: the catalog's accounts and the keys the store gave numbers, in number order,
/// a page at a time, each with how many orders and when first and last. One opened goes on the
/// console's drill-down (``CustomerDetailFeature``).
@Reducer
public struct CustomersFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var customers: IdentifiedArrayOf<CustomerSummary> = []
    public var loading: Loading = .idle
    public var hasMore = false
    public var selectedID: CustomerSummary.ID?
    public var scroll = ListState()

    public init() {}

    public var selectedIndex: Int? { selectedID.flatMap { customers.index(id: $0) } }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      /// A move through the table, on a screen that shows `visibleRows` of its rows.
      case selectionMoved(SelectionMove, visibleRows: Int)
      case opened
      case refreshTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case pageLoaded(after: Int, Result<[CustomerSummary], APIError>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// Open this customer: the console puts them on its drill-down.
      case customerOpened(CustomerSummary.ID)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID { case page }

  /// Customers a page holds.
  public static let pageSize = 200

  @Dependency(\.adminClient) var adminClient

  public init() {}

  /// Fetches the customers again from the first page: what `r` does, and what the back office
  /// asks when the tab is shown again (the counts change with every order meanwhile). The parent
  /// calls this rather than pressing the tab's key for it.
  func refresh(_ state: inout State) -> Effect<Action> {
    state.loading = .loading
    return fetch(after: 0)
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task, .refreshTapped:
      return refresh(&state)

    case let .selectionMoved(move, rows):
      guard !state.customers.isEmpty else { return .none }
      let index = state.scroll.move(state.selectedIndex, by: move, count: state.customers.count, visibleRows: rows) ?? 0
      state.selectedID = state.customers[index].id
      guard state.hasMore, state.loading == .loaded, index + state.scroll.visibleRows >= state.customers.count, let last = state.customers.last
      else { return .none }
      state.loading = .loading
      return fetch(after: last.id)

    case .opened:
      guard let id = state.selectedID else { return .none }
      return .send(.delegate(.customerOpened(id)))
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .pageLoaded(after, .success(customers)):
      if after == 0 {
        state.customers = IdentifiedArray(customers, uniquingIDsWith: { first, _ in first })
      } else {
        state.customers.append(contentsOf: customers.filter { state.customers[id: $0.id] == nil })
      }
      state.hasMore = customers.count == Self.pageSize
      state.loading = .loaded
      if state.selectedID.flatMap({ state.customers[id: $0] }) == nil { state.selectedID = state.customers.first?.id }
      return .none

    case let .pageLoaded(_, .failure(error)):
      state.loading = .failed(error.message)
      return .none
    }
  }

  private func fetch(after: Int) -> Effect<Action> {
    .run { send in
      await send(._internal(.pageLoaded(after: after, await Result { try await adminClient.fetchCustomers(after) })))
    }
    .cancellable(id: CancelID.page, cancelInFlight: after == 0)
  }
}
