import Boundaries
import Shop

/// The back office: the operator's console on the store, in four tabs — the orders, the stock,
/// the customers, and the audit of every change — each its own feature. It keeps the catalog, so the
/// lines of an order are named as the shop names them.
@Reducer
public struct BackOfficeFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var tab: Tab = .orders
    public var orders = OrdersFeature.State()
    public var stock = StockFeature.State()
    public var customers = CustomersFeature.State()
    public var audit = AuditFeature.State()
    /// The store's products by id, once fetched.
    public var catalog: [Product.ID: Product] = [:]
    /// Where the console is pointed, for its header.
    public var storeName: String

    public init(storeName: String = "") {
      self.storeName = storeName
    }

    /// What an order's line is called: the product's title, or its number when the catalog
    /// does not have it (yet).
    public func title(of productID: Product.ID) -> String {
      catalog[productID]?.title ?? "Product \(productID)"
    }
  }

  public enum Tab: String, CaseIterable, Hashable, Sendable {
    case orders = "Orders"
    case stock = "Stock"
    case customers = "Customers"
    case audit = "Audit"
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      case tabSelected(Tab)
    }

    public enum InternalAction: Hashable, Sendable {
      case catalogLoaded(Result<[Product], APIError>)
      case orders(OrdersFeature.Action)
      case stock(StockFeature.Action)
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
    Scope(state: \.stock, action: \.stock) { StockFeature() }
    Scope(state: \.customers, action: \.customers) { CustomersFeature() }
    Scope(state: \.audit, action: \.audit) { AuditFeature() }
    coreReducer
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task:
      return .run { send in
        await send(._internal(.catalogLoaded(await Result { try await adminClient.fetchCatalog() })))
      }

    case let .tabSelected(tab):
      state.tab = tab
      return .none
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .catalogLoaded(.success(products)):
      state.catalog = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      return .none
    case .catalogLoaded(.failure):
      // The orders still show, their lines by number; the stock tab says what failed.
      return .none
    case .orders, .stock, .customers, .audit:
      return .none
    }
  }
}
