import TerminalKit
import Boundaries

/// The Profile tab: who is shopping, and what they ordered.
///
/// Rules it keeps:
/// - the profile and the order history are fetched when the tab first appears; a failure of
///   either shows why and offers Retry (the original app showed empty fields forever);
/// - a shopper signed in with an SSH key has no account at the store: only their orders are
///   fetched, and the key is shown;
/// - a guest (over `onlinestore serve`, without a key) has no account either, and shares a
///   customer number with other guests: no profile is fetched, and the orders are the session's
///   own (the guest's API client keeps them, see `APIClient.guestSession(of:)`);
/// - `r` fetches the history again; the parent asks for that after an order went through;
/// - the history lists the newest order first; the selection stays on the same order when the
///   list is fetched again, and one order can be opened to see its lines.
@Reducer
public struct ProfileFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var customer: Customer.ID
    public var status: FetchStatus = .idle
    public var profile: UserProfile?
    public var ordersStatus: FetchStatus = .idle
    /// The customer's orders, newest first.
    public var orders: IdentifiedArrayOf<StoredOrder> = []
    /// The highlighted order, if there are orders.
    public var selectedOrderID: StoredOrder.ID?
    /// The orders on screen.
    public var orderScroll = ListScroll()
    /// The order whose lines are shown over the list.
    public var openOrderID: StoredOrder.ID?
    /// How the customer came in: with an account, an SSH key of `onlinestore serve`, or as
    /// its guest.
    public var signIn: SignIn = .account
    /// Whether the store keeps orders past this run. The embedded demo store does not: its
    /// orders are gone when the program quits and their numbers start again at #1, and the
    /// profile says so rather than let them vanish unannounced.
    public var ordersOutliveTheRun = true

    /// Whether there is an account whose profile the store can show.
    public var hasAccount: Bool { signIn == .account }

    public init(customer: Customer.ID = 1) {
      self.customer = customer
    }

    /// Where the highlighted order is in the history.
    public var selectedOrderIndex: Int? {
      selectedOrderID.flatMap { orders.index(id: $0) }
    }

    /// The order shown over the list, if one is open.
    public var openOrder: StoredOrder? {
      openOrderID.flatMap { orders[id: $0] }
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case onAppear
      case retryTapped
      /// Fetch the order history again.
      case refreshTapped
      /// A move through the orders, on a screen that shows `visibleRows` of them.
      case orderSelectionMoved(SelectionMove, visibleRows: Int)
      case orderOpened
      case orderClosed
    }

    public enum InternalAction: Hashable, Sendable {
      case profileResponse(Result<UserProfile, APIError>)
      case ordersResponse(Result<[StoredOrder], APIError>)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  private enum CancelID {
    case fetch
    case orders
  }

  @Dependency(\.apiClient) var apiClient

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    // The profile, then the orders: one order of events, whatever the store's speed.
    case .onAppear:
      var effects: [Effect<Action>] = []
      if !state.hasAccount {
        // A key or a guest: the store has no account to show.
        state.status = .loaded
      } else if state.status.allowsFetch {
        effects.append(fetchProfile(&state))
      }
      if state.ordersStatus.allowsFetch { effects.append(fetchOrders(&state)) }
      return .concatenate(effects)

    case .retryTapped:
      var effects: [Effect<Action>] = []
      if case .failed = state.status { effects.append(fetchProfile(&state)) }
      if case .failed = state.ordersStatus { effects.append(fetchOrders(&state)) }
      return .concatenate(effects)

    case .refreshTapped:
      return refreshOrders(&state)

    case let .orderSelectionMoved(move, rows):
      guard !state.orders.isEmpty else { return .none }
      let target = state.orderScroll.move(state.selectedOrderIndex, by: move, count: state.orders.count, visibleRows: rows) ?? 0
      state.selectedOrderID = state.orders[target].id
      return .none

    case .orderOpened:
      state.openOrderID = state.selectedOrderID
      return .none

    case .orderClosed:
      state.openOrderID = nil
      return .none
    }
  }

  /// Fetches the orders again, unless a fetch is under way.
  private func refreshOrders(_ state: inout State) -> Effect<Action> {
    guard state.ordersStatus != .loading else { return .none }
    return fetchOrders(&state)
  }

  /// Orders changed elsewhere in the app (one placed, or changed by another copy of the store):
  /// a history already shown or fetched is fetched again; one never shown waits for its tab.
  /// The app calls this on its child — the profile decides what an order elsewhere means to it —
  /// rather than sending it an action that is the profile's own (its internal ones are private
  /// to it; the refresh key is the view's `refreshTapped`).
  func ordersChanged(_ state: inout State) -> Effect<Action> {
    guard state.ordersStatus != .idle else { return .none }
    return refreshOrders(&state)
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .profileResponse(.success(profile)):
      state.status = .loaded
      state.profile = profile
    case let .profileResponse(.failure(error)):
      state.status = .failed(error)
    case let .ordersResponse(.success(orders)):
      state.ordersStatus = .loaded
      state.orders = IdentifiedArray(orders, uniquingIDsWith: { first, _ in first })
      if state.selectedOrderID.flatMap({ state.orders[id: $0] }) == nil {
        state.selectedOrderID = state.orders.first?.id
      }
      if state.openOrderID.flatMap({ state.orders[id: $0] }) == nil {
        state.openOrderID = nil
      }
    case let .ordersResponse(.failure(error)):
      state.ordersStatus = .failed(error)
    }
    return .none
  }

  private func fetchProfile(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    let id = state.customer
    return .run { send in
      await send(._internal(.profileResponse(await Result { try await apiClient.fetchUserProfile(id: id) })))
    }
    .cancellable(id: CancelID.fetch, cancelInFlight: true)
  }

  private func fetchOrders(_ state: inout State) -> Effect<Action> {
    state.ordersStatus = .loading
    let id = state.customer
    return .run { send in
      await send(._internal(.ordersResponse(await Result { try await apiClient.fetchOrders(id) })))
    }
    .cancellable(id: CancelID.orders, cancelInFlight: true)
  }
}
