import Boundaries
import Shop

/// The back office: the operator's console on the store, in four tabs — the orders, the catalog,
/// the customers, and the audit of every change — each its own feature. It keeps every
/// product, so the lines of an order are named as the shop names them.
@Reducer
public struct BackOfficeFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var tab: Tab = .orders
    public var orders = OrdersFeature.State()
    public var catalog = CatalogFeature.State()
    public var customers = CustomersFeature.State()
    public var audit = AuditFeature.State()
    /// The store's products by id (archived ones too), once fetched: they name orders' lines.
    public var products: [Product.ID: Product] = [:]
    /// Where the console is pointed, for its header.
    public var storeName: String

    public init(storeName: String = "") {
      self.storeName = storeName
    }

    /// What an order's line is called: the product's title, or its number when the store
    /// does not have it (yet).
    public func title(of productID: Product.ID) -> String {
      products[productID]?.title ?? "Product \(productID)"
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
      case task
      case tabSelected(Tab)
    }

    public enum InternalAction: Hashable, Sendable {
      case productsLoaded(Result<[CatalogEntry], APIError>)
      case orders(OrdersFeature.Action)
      case catalog(CatalogFeature.Action)
      case customers(CustomersFeature.Action)
      case audit(AuditFeature.Action)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  @Dependency(\.adminClient) var adminClient

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
    case .task:
      return .run { send in
        await send(._internal(.productsLoaded(await Result { try await adminClient.fetchProducts() })))
      }

    case let .tabSelected(tab):
      state.tab = tab
      return .none
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .productsLoaded(.success(entries)):
      state.products = Dictionary(entries.map { ($0.id, $0.product) }, uniquingKeysWith: { first, _ in first })
      return .none
    case .productsLoaded(.failure):
      // The orders still show, their lines by number; the catalog tab says what failed.
      return .none
    case .orders, .catalog, .customers, .audit:
      return .none
    }
  }
}
