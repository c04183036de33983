import Boundaries
import Shop
import TerminalKit

/// The orders table: newest first, a page at a time (the next page is fetched as the selection
/// nears the end of what is loaded), filtered by status, searched by an order's or a customer's
/// number. New orders and other operators' changes come in without a key (``PulseWatch``): the
/// first page is fetched again and merged in, the selection staying on its order.
@Reducer
public struct OrdersFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var orders: IdentifiedArrayOf<StoredOrder> = []
    public var loading: Loading = .idle
    /// Whether the store may have older orders than those loaded.
    public var hasMore = false
    public var filter: OrderStage?
    /// The number searched for (an order's or a customer's), in force.
    public var search: Int?
    /// The search line while it is being typed.
    public var searchField: TextFieldState?
    public var selectedID: StoredOrder.ID?
    public var scroll = ListState()
    /// The pulse last heard (each one that differs fetches the first page again).
    public var pulse: BackOfficePulse?

    public init() {}

    public var selectedIndex: Int? { selectedID.flatMap { orders.index(id: $0) } }

    /// The query of the first page as the filter and search stand.
    var firstPage: OrderQuery { OrderQuery(status: filter, search: search) }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      /// A move through the table, on a screen that shows `visibleRows` of its rows.
      case selectionMoved(SelectionMove, visibleRows: Int)
      case opened
      case rowTapped(StoredOrder.ID)
      /// `f`: placed, packed, shipped, delivered, cancelled, then all again.
      case filterCycled
      case searchOpened
      case searchEdited(TextFieldState.Edit)
      case searchCommitted
      case searchCancelled
      case refreshTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case pageLoaded(OrderQuery, Result<[StoredOrder], APIError>)
      case pulseHeard(BackOfficePulse)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// Open this order: the console puts it on its drill-down.
      case orderOpened(StoredOrder)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID { case page, pulse }

  /// Orders left below the selection when the next page is asked for.
  static let nextPageMargin = 20

  @Dependency(\.adminClient) var adminClient
  @Dependency(\.pulseWatch) var pulseWatch

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
  }

  /// The store moved `order` on (from its screen in the drill-down): the row shows it. Kept in
  /// the list when it no longer matches the filter: the operator sees what they did.
  public static func orderChanged(_ order: StoredOrder, in state: inout State) {
    if state.orders[id: order.id] != nil { state.orders[id: order.id] = order }
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task:
      return .merge(reload(&state), listen())

    case let .selectionMoved(move, rows):
      guard !state.orders.isEmpty else { return .none }
      let index = state.scroll.move(state.selectedIndex, by: move, count: state.orders.count, visibleRows: rows) ?? 0
      state.selectedID = state.orders[index].id
      return loadMoreIfNeeded(&state)

    case .opened:
      guard let id = state.selectedID, let order = state.orders[id: id] else { return .none }
      return .send(.delegate(.orderOpened(order)))

    case let .rowTapped(id):
      guard state.orders[id: id] != nil else { return .none }
      if state.selectedID == id { return reduce(into: &state, viewAction: .opened) }
      state.selectedID = id
      return .none

    case .filterCycled:
      let stages: [OrderStage?] = [nil] + OrderStage.allCases
      let index = stages.firstIndex(of: state.filter) ?? 0
      state.filter = stages[(index + 1) % stages.count]
      return reload(&state)

    case .searchOpened:
      state.searchField = TextFieldState(text: state.search.map(String.init) ?? "", limit: 12)
      return .none

    case let .searchEdited(edit):
      state.searchField?.apply(edit)
      // Numbers only: anything else typed is dropped as it comes.
      if let field = state.searchField, field.text.contains(where: { !$0.isASCII || !$0.isNumber }) {
        state.searchField = TextFieldState(text: field.text.filter { $0.isASCII && $0.isNumber }, limit: 12)
      }
      return .none

    case .searchCommitted:
      guard let field = state.searchField else { return .none }
      state.searchField = nil
      state.search = Int(field.text).flatMap { $0 > 0 ? $0 : nil }
      return reload(&state)

    case .searchCancelled:
      let hadSearch = state.search != nil
      state.searchField = nil
      state.search = nil
      return hadSearch ? reload(&state) : .none

    case .refreshTapped:
      return reload(&state)
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .pageLoaded(query, .success(orders)):
      // An answer to a query the list has moved on from (another filter, a search) is dropped.
      guard query.status == state.filter, query.search == state.search else { return .none }
      if query.before == nil {
        let keptOlder = merge(firstPage: orders, into: &state)
        if !keptOlder { state.hasMore = orders.count == query.limit }
      } else {
        state.orders.append(contentsOf: orders.filter { state.orders[id: $0.id] == nil })
        state.hasMore = orders.count == query.limit
      }
      state.loading = .loaded
      if state.selectedID == nil || state.orders[id: state.selectedID!] == nil { state.selectedID = state.orders.first?.id }
      return .none

    case let .pageLoaded(query, .failure(error)):
      guard query.status == state.filter, query.search == state.search else { return .none }
      state.loading = .failed(error.message)
      return .none

    case let .pulseHeard(pulse):
      // The first pulse too: an order may have come between the first page and the first pulse.
      state.pulse = pulse
      return fetch(state.firstPage)

    }
  }

  private func reload(_ state: inout State) -> Effect<Action> {
    state.orders = []
    state.selectedID = nil
    state.scroll.offset = 0
    state.hasMore = false
    state.loading = .loading
    return fetch(state.firstPage)
  }

  private func loadMoreIfNeeded(_ state: inout State) -> Effect<Action> {
    guard state.hasMore, state.loading == .loaded, let last = state.orders.last,
      (state.selectedIndex ?? 0) + state.scroll.visibleRows + Self.nextPageMargin >= state.orders.count
    else { return .none }
    state.loading = .loading
    var query = state.firstPage
    query.before = last.id
    return fetch(query)
  }

  private func fetch(_ query: OrderQuery) -> Effect<Action> {
    .run { send in
      await send(._internal(.pageLoaded(query, await Result { try await adminClient.fetchOrders(query) })))
    }
    .cancellable(id: CancelID.page, cancelInFlight: query.before == nil)
  }

  private func listen() -> Effect<Action> {
    pulseWatch.listen { ._internal(.pulseHeard($0)) }.cancellable(id: CancelID.pulse, cancelInFlight: true)
  }

  /// The first page as the store has it now, over what is loaded: orders in it replaced (their
  /// status moved), new ones in front, the older pages kept. Returns whether any were kept.
  private func merge(firstPage orders: [StoredOrder], into state: inout State) -> Bool {
    let older = orders.last.map { oldest in state.orders.elements.filter { $0.id < oldest.id } } ?? []
    state.orders = IdentifiedArray(orders + older, uniquingIDsWith: { first, _ in first })
    return !older.isEmpty
  }
}
