import Boundaries
import Shop

/// The back office: the operator's console on the store, in four tabs — the orders, the catalog,
/// the customers, and the audit of every change — each its own feature. The catalog's rows,
/// archived products with them, name the lines of orders: a product added a moment ago too.
@Reducer
public struct BackOfficeFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var tab: Tab = .orders
    public var orders = OrdersFeature.State()
    public var catalog = CatalogFeature.State()
    public var customers = CustomersFeature.State()
    public var audit = AuditFeature.State()
    /// Where the console is pointed, for its header.
    public var storeName: String
    /// The screens drilled into — an order, its customer, one of their orders… — the top one
    /// shown over the tab, the way there as a breadcrumb.
    public var path = StackState<BackOfficePath.State>()

    public init(storeName: String = "") {
      self.storeName = storeName
    }

    /// Product `id` as the catalog tab last fetched it, archived or not.
    public func product(_ id: Product.ID) -> Product? {
      catalog.rows[id: id]?.product
    }

    /// The order on top of the drill-down, when the top screen is an order.
    public var topOrder: OrderDetailFeature.State? {
      if case let .order(order)? = path.last { order } else { nil }
    }

    /// The customer on top of the drill-down, when the top screen is a customer.
    public var topCustomer: CustomerDetailFeature.State? {
      if case let .customer(customer)? = path.last { customer } else { nil }
    }

    /// What an order's line is called: the product's title, or its number when the catalog
    /// has not come (yet).
    public func title(of productID: Product.ID) -> String {
      product(productID)?.title ?? "Product \(productID)"
    }
  }

  public enum Tab: String, CaseIterable, Hashable, Sendable {
    case orders = "Orders"
    case catalog = "Catalog"
    case customers = "Customers"
    case audit = "Audit"
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case tabSelected(Tab)
    }

    public enum InternalAction: Hashable, Sendable {
      case orders(OrdersFeature.Action)
      case catalog(CatalogFeature.Action)
      case customers(CustomersFeature.Action)
      case audit(AuditFeature.Action)
      case path(StackActionOf<BackOfficePath>)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  /// The deepest a drill-down goes: an operator following orders and customers back and forth
  /// is sent back to the screen already open rather than stacking copies, and past this many
  /// screens a new one is not opened.
  public static let maximumDepth = 16

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.orders, action: \.orders) { OrdersFeature() }
    Scope(state: \.catalog, action: \.catalog) { CatalogFeature() }
    Scope(state: \.customers, action: \.customers) { CustomersFeature() }
    Scope(state: \.audit, action: \.audit) { AuditFeature() }
    coreReducer
      .forEach(\.path, action: \.path)
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .orders(.delegate(.orderOpened(order))),
      let .path(.element(_, .customer(.delegate(.orderOpened(order))))):
      open(.order(OrderDetailFeature.State(order: order)), on: &state)
      return .none

    case let .customers(.delegate(.customerOpened(id))),
      let .path(.element(_, .order(.delegate(.customerOpened(id))))):
      open(.customer(CustomerDetailFeature.State(customerID: id)), on: &state)
      return .none

    case let .path(.element(_, .order(.delegate(.orderChanged(order))))):
      // Every screen of the order shows what the store made of it, and so does its row.
      OrdersFeature.orderChanged(order, in: &state.orders)
      for id in state.path.ids {
        if case var .order(screen)? = state.path[id: id], screen.order.id == order.id, screen.order != order {
          screen.order = order
          state.path[id: id] = .order(screen)
        }
      }
      return .none

    case let .path(.element(id, .order(.delegate(.closed)))),
      let .path(.element(id, .customer(.delegate(.closed)))):
      state.path.pop(from: id)
      return .none

    case .orders, .catalog, .customers, .audit, .path:
      return .none
    }
  }

  /// Puts `screen` on the drill-down — or, when it is already there, goes back to it.
  private func open(_ screen: BackOfficePath.State, on state: inout State) {
    if let id = state.path.ids.first(where: { state.path[id: $0]?.isSameScreen(as: screen) == true }) {
      state.path.pop(to: id)
      return
    }
    guard state.path.count < Self.maximumDepth else { return }
    state.path.append(screen)
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .tabSelected(tab):
      let cameBack = state.tab != tab
      state.tab = tab
      // The customers' order counts change with every order while other tabs are looked at:
      // coming back to the tab fetches them again (they once showed 0 until `r`). Its first
      // showing fetches on its own.
      guard tab == .customers, cameBack, state.customers.loading == .loaded else { return .none }
      return CustomersFeature().refresh(&state.customers).map { ._internal(.customers($0)) }
    }
  }
}
