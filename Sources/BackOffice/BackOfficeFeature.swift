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

    public init(storeName: String = "") {
      self.storeName = storeName
    }

    /// Product `id` as the catalog tab last fetched it, archived or not.
    public func product(_ id: Product.ID) -> Product? {
      catalog.rows[id: id]?.product
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
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.orders, action: \.orders) { OrdersFeature() }
    Scope(state: \.catalog, action: \.catalog) { CatalogFeature() }
    Scope(state: \.customers, action: \.customers) { CustomersFeature() }
    Scope(state: \.audit, action: \.audit) { AuditFeature() }
    coreReducer
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
