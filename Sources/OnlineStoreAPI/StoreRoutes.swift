import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// FakeStore's routes over a ``StoreDatabase``. The catalog is served from memory
/// (``LiveCatalog``), read again from the database whenever the back office changes it; orders
/// go to the database. Lists of orders come a page at a time (``APILimits/defaultPage``, at most
/// ``APILimits/maximumPage``), and each customer places at most
/// ``APILimits/ordersPerCustomerPerMinute`` new orders a minute.
public struct StoreRoutes: Sendable {
  let customerAccounts: [Customer]
  let live: LiveCatalog
  let database: any StoreDatabase
  let intake: OrderIntake
  let limits: APILimits
  let orderRate: OrderRateLimiter
  /// The stored pictures served lately.
  let pictureCache = PictureCache()
  /// The clock requests wait on: how long a held request waits for a change.
  let clock: ElapsedClock

  let customers: KnownCustomers
  let openCarts: OpenCartRoutes
  let stock: StockBoard
  let checkout: CheckoutRoutes
  let admin: AdminRoutes
  /// What `/readyz` answers, and the flag a graceful stop raises first.
  public let readiness: Readiness
  /// Orders placed and refused, for the operator's Prometheus.
  let metrics: APIMetrics

  public init(
    catalog: StoreCatalog, database: any StoreDatabase, limits: APILimits = APILimits(), pictures: CatalogPictures = .demo(),
    publicBase: String? = nil, shipping: ShippingRules = .standard, now: @escaping @Sendable () -> Date = Date.init,
    clock: ElapsedClock = .continuous, metrics: APIMetrics = .none
  ) throws {
    let database: any StoreDatabase = metrics.registry.isMeasuring ? MeasuredDatabase(database, metrics: metrics) : database
    self.clock = clock
    self.metrics = metrics
    self.readiness = Readiness(probeDatabase: { _ = try await database.stock() }, clock: clock)
    customerAccounts = catalog.customers
    let live = try LiveCatalog(catalog, pictures: pictures, publicBase: publicBase)
    self.live = live
    self.database = database
    self.limits = limits
    self.orderRate = OrderRateLimiter(perMinute: limits.ordersPerCustomerPerMinute, clock: clock)
    self.intake = OrderIntake(
      sellable: { live.current.sellable }, customerIDs: Set(catalog.customers.map(\.id)), now: now, shipping: shipping,
      archivedTitle: { id in
        let current = live.current
        return current.sellable[id] == nil ? current.titles[id] : nil
      }
    )
    let customers = KnownCustomers(accounts: Set(catalog.customers.map(\.id)), database: database)
    self.customers = customers
    self.openCarts = OpenCartRoutes(
      storage: database, customers: customers, intake: CartChangeIntake(knows: { live.current.known.contains($0) }),
      watchers: CartWatchers(capacity: limits.maximumCartWatchers, perTopic: limits.maximumCartWatchersPerCustomer),
      limits: limits, clock: clock
    )
    let watchers = openCarts.watchers
    // The products the shop sells: an archived one's stock is the back office's business.
    let stock = StockBoard(capacity: limits.maximumStockWatchers) {
      let sellable = live.current.sellable
      return StockLevels(left: try await database.stock().filter { sellable[$0.key] != nil }.compactMapValues { $0 })
    }
    self.stock = stock
    metrics.sample("onlinestore.long_polls.waiting", dimensions: [("topic", "cart")]) { watchers.count }
    metrics.sample("onlinestore.long_polls.waiting", dimensions: [("topic", "stock")]) { stock.watchers.count }
    self.checkout = CheckoutRoutes(database: database, customers: customers, shipping: shipping)
    self.admin = AdminRoutes(
      database: database, accounts: catalog.customers, live: live, limits: limits,
      statusChanged: { order in
        // The customer's open sessions wait on their cart: a change of it wakes them.
        var notice = CartChanges()
        notice.ordersChanged = true
        _ = try? await database.applyToOpenCart(of: order.userId, notice)
        watchers.changed(order.userId)
        // A cancelled order's units went back.
        if order.status == .cancelled { metrics.stockGivenBack(units: order.products.reduce(0) { $0 + $1.quantity }) }
        stock.changed()
      },
      stockChanged: { stock.changed() },
      now: now
    )
  }

  /// Serves the catalog as the database has it, following changes made through any instance,
  /// until the task is cancelled.
  public func followCatalog() async {
    await live.follow(database)
  }

  /// Another API instance saved `customer`'s open cart: the requests waiting for it here hear so.
  public func cartSavedElsewhere(_ customer: Int) {
    openCarts.watchers.changed(customer)
  }

  /// Adds every route to `router`. `/livez` and `/readyz` (``HealthRoutes``) are open. With a `token`, the customers' routes — their accounts,
  /// orders, open carts, addresses and keys' numbers — sit in a group that asks for it
  /// (``TokenMiddleware``), so that whatever path reaches one of them, the token was asked for
  /// on the way; the catalog, `/shop`, `/shop/shipping` and `/shop/stock` stay open. The back
  /// office's routes (``AdminRoutes``) sit in a group that asks for the `adminToken` — or the
  /// front door's `frontDoorToken`, the only one that may name an operator — and refuses everyone
  /// when there is none: they are never open, and the shop's token never opens them.
  public func add<Context: RequestContext>(to router: Router<Context>, token: String?, adminToken: String? = nil, frontDoorToken: String? = nil) {
    HealthRoutes(readiness: readiness).add(to: router)
    addCatalog(to: router)
    addStock(to: router)
    addLogin(to: router)
    openCarts.addOffer(to: router)
    checkout.addOpen(to: router)
    let customersOnly = router.group()
    if let token { customersOnly.add(middleware: TokenMiddleware(token: token)) }
    addUsers(to: customersOnly)
    addOrders(to: customersOnly)
    openCarts.addCustomers(to: customersOnly)
    checkout.addCustomers(to: customersOnly)
    let operatorsOnly = router.group()
    operatorsOnly.add(middleware: NoStoreMiddleware())
    if let adminToken {
      operatorsOnly.add(middleware: OperatorTokenMiddleware(adminToken: adminToken, frontDoorToken: frontDoorToken))
    } else {
      operatorsOnly.add(middleware: ClosedRouteMiddleware(reason: "the back office is closed: the server was started without --admin-token-file"))
    }
    admin.add(to: operatorsOnly)
  }
}
