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

  let customers: KnownCustomers
  let openCarts: OpenCartRoutes
  let checkout: CheckoutRoutes
  let admin: AdminRoutes

  public init(
    catalog: StoreCatalog, database: any StoreDatabase, limits: APILimits = APILimits(), pictures: CatalogPictures = .demo(),
    publicBase: String? = nil, shipping: ShippingRules = .standard, now: @escaping @Sendable () -> Date = Date.init
  ) throws {
    customerAccounts = catalog.customers
    let live = try LiveCatalog(catalog, pictures: pictures, publicBase: publicBase)
    self.live = live
    self.database = database
    self.limits = limits
    self.orderRate = OrderRateLimiter(perMinute: limits.ordersPerCustomerPerMinute)
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
      watchers: CartWatchers(capacity: limits.maximumCartWatchers, perCustomer: limits.maximumCartWatchersPerCustomer),
      limits: limits
    )
    let watchers = openCarts.watchers
    self.checkout = CheckoutRoutes(database: database, customers: customers, shipping: shipping)
    self.admin = AdminRoutes(
      database: database, accounts: catalog.customers, live: live, limits: limits,
      statusChanged: { order in
        // The customer's open sessions wait on their cart: a change of it wakes them.
        var notice = CartChanges()
        notice.ordersChanged = true
        _ = try? await database.applyToOpenCart(of: order.userId, notice)
        watchers.changed(order.userId)
      },
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

  /// Adds every route to `router`. With a `token`, the customers' routes — their accounts,
  /// orders, open carts, addresses and keys' numbers — sit in a group that asks for it
  /// (``TokenMiddleware``), so that whatever path reaches one of them, the token was asked for
  /// on the way; the catalog, `/shop`, `/shop/shipping` and `/shop/stock` stay open. The back
  /// office's routes (``AdminRoutes``) sit in a group that asks for the `adminToken`, and refuses
  /// everyone when there is none: they are never open, and the shop's token never opens them.
  public func add<Context: RequestContext>(to router: Router<Context>, token: String?, adminToken: String? = nil) {
    addCatalog(to: router)
    openCarts.addOffer(to: router)
    checkout.addOpen(to: router)
    let customersOnly = router.group()
    if let token { customersOnly.add(middleware: TokenMiddleware(token: token)) }
    addCustomers(to: customersOnly)
    openCarts.addCustomers(to: customersOnly)
    checkout.addCustomers(to: customersOnly)
    let operatorsOnly = router.group()
    operatorsOnly.add(middleware: NoStoreMiddleware())
    if let adminToken {
      operatorsOnly.add(middleware: TokenMiddleware(token: adminToken, name: "the admin token"))
    } else {
      operatorsOnly.add(middleware: ClosedRouteMiddleware(reason: "the back office is closed: the server was started without --admin-token-file"))
    }
    admin.add(to: operatorsOnly)
  }

  /// The catalog, its pictures and logging in: open to anyone.
  private func addCatalog<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("products") { request, _ in
      let query = try ListQuery(request)
      let encoded = live.current.encoded
      let body = query.isEmpty ? encoded.allProducts : EncodedCatalog.array(query.apply(to: encoded.products))
      return JSONAnswer.body(body, status: .ok)
    }
    router.get("shop/stock") { _, _ in
      // The products the shop sells: an archived one's stock is the back office's business.
      let sellable = live.current.sellable
      return try JSONAnswer.ok(StockLevels(left: try await database.stock().filter { sellable[$0.key] != nil }.compactMapValues { $0 }))
    }
    router.get("products/categories") { _, _ in
      JSONAnswer.body(live.current.encoded.categories, status: .ok)
    }
    router.get("products/category/:name") { request, context in
      let name = try context.parameters.require("name")
      let category = name.removingPercentEncoding ?? name
      let items = try ListQuery(request).apply(to: live.current.encoded.productsByCategory[category] ?? [])
      return JSONAnswer.body(EncodedCatalog.array(items), status: .ok)
    }
    router.get("products/:id") { _, context in
      // Archived products too: the orders that hold them still name them.
      let id = try Self.id(context)
      guard let json = live.current.productJSON[id] else { throw APIFailure(.notFound, "no product \(id)") }
      return JSONAnswer.body(json, status: .ok)
    }
    router.get("img/:file") { request, context in
      try Self.picture(in: live.current.pictures, request, context)
    }
    router.post("auth/login") { request, context in
      try await login(request, context: context)
    }
  }

  /// Customers' accounts and orders: behind the token when there is one.
  private func addCustomers<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("users") { request, _ in
      JSONAnswer.body(EncodedCatalog.array(try ListQuery(request).apply(to: live.current.encoded.customers)), status: .ok)
    }
    router.get("users/:id") { _, context in
      try Self.one(of: live.current.encoded.customers, context, called: "customer")
    }
    router.get("carts") { request, _ in
      let query = try ListQuery(request, page: limits)
      var filter = try DateRange(request).filter
      filter.limit = query.limit
      filter.newestFirst = query.descending
      return try JSONAnswer.ok(try await database.orders(filter))
    }
    router.get("carts/user/:id") { request, context in
      let id = try Self.id(context)
      guard try await customers.contains(id) else { throw APIFailure(.notFound, "no customer \(id)") }
      var filter = try DateRange(request).filter
      filter.userId = id
      filter.newestFirst = true
      filter.limit = try ListQuery(request, page: limits).limit
      return try JSONAnswer.ok(try await database.orders(filter))
    }
    router.get("carts/:id") { _, context in
      let id = try Self.id(context)
      guard let order = try await database.order(id: id) else { throw APIFailure(.notFound, "no order \(id)") }
      return try JSONAnswer.ok(order)
    }
    router.post("carts") { request, context in
      try await placeOrder(request, context: context)
    }
  }

  private func placeOrder(_ request: Request, context: some RequestContext) async throws -> Response {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    let key = request.headers[.idempotencyKey]
    let order = try intake.order(from: body, idempotencyKey: key)
    // A key shopper's number is one this store gave out, or the order is no one's.
    guard try await customers.contains(order.userId) else { throw APIFailure(.badRequest, "no customer \(order.userId)") }
    if let wait = orderRate.reserve(for: order.userId) {
      // A retry of an order already taken is answered whatever the rate.
      do {
        if let earlier = try await database.replay(order) {
          var response = try JSONAnswer.ok(earlier)
          response.headers[.idempotentReplayed] = "true"
          return response
        }
      } catch OrderRejection.keyReusedForAnotherOrder {
        throw APIFailure(.unprocessableContent, "this Idempotency-Key was used for a different order")
      }
      var answer = JSONAnswer.error(
        "customer \(order.userId) is ordering faster than \(limits.ordersPerCustomerPerMinute) orders a minute", status: .tooManyRequests
      )
      answer.headers[.retryAfter] = String(max(1, Int(wait.components.seconds) + 1))
      return answer
    }
    // One of the customer's orders is reserved: a replay, a refusal or a failure gives it back.
    do {
      let placed = try await database.place(order)
      if !placed.isNew { orderRate.giveBack(by: order.userId) }
      var response = try JSONAnswer.ok(placed.order)
      if !placed.isNew { response.headers[.idempotentReplayed] = "true" }
      return response
    } catch OrderRejection.keyReusedForAnotherOrder {
      orderRate.giveBack(by: order.userId)
      throw APIFailure(.unprocessableContent, "this Idempotency-Key was used for a different order")
    } catch let OrderRejection.outOfStock(shortages) {
      orderRate.giveBack(by: order.userId)
      return try outOfStock(shortages)
    } catch {
      orderRate.giveBack(by: order.userId)
      throw error
    }
  }

  /// The 409 of an order that wants more than is left: `{"error": "Only 2 of … left",
  /// "shortages": [{"productId", "title", "wanted", "left"}]}`.
  private func outOfStock(_ shortages: [StockShortage]) throws -> Response {
    struct Answer: Encodable {
      var error: String
      var shortages: [StockShortage]
    }
    let named = shortages.map { shortage in
      var named = shortage
      named.title = live.current.titles[shortage.productId]
      return named
    }
    return try JSONAnswer.ok(Answer(error: StockShortage.sentence(for: named), shortages: named), status: .conflict)
  }

  private struct Credentials: Decodable {
    var username: String
    var password: String
  }

  private func login(_ request: Request, context: some RequestContext) async throws -> Response {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    guard let credentials = try? StoreJSON.decoder.decode(Credentials.self, from: body) else {
      throw APIFailure(.badRequest, "log in with {\"username\": …, \"password\": …}")
    }
    guard customerAccounts.contains(where: { $0.username == credentials.username && $0.password == credentials.password })
    else {
      throw APIFailure(.unauthorized, "username or password is incorrect")
    }
    let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0 ... .max)) }.joined()
    return try JSONAnswer.ok(["token": token])
  }

  /// A picture of the catalog, with its `ETag`; a 304 without the bytes when the client has
  /// the same one.
  private static func picture(in pictures: CatalogPictures, _ request: Request, _ context: some RequestContext) throws -> Response {
    let name = try context.parameters.require("file")
    guard let picture = pictures.byName[name] else { throw APIFailure(.notFound, "no picture \(name.prefix(100))") }
    var headers: HTTPFields = [.eTag: picture.entityTag, .cacheControl: "public, max-age=\(CatalogPictures.freshFor)"]
    let asked = request.headers[.ifNoneMatch] ?? ""
    if asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == picture.entityTag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = picture.contentType
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture.bytes)))
  }

  /// The item whose id the path names, or a 404 that says which `kind` was not found.
  private static func one(of items: [EncodedCatalog.Item], _ context: some RequestContext, called kind: String) throws -> Response {
    let id = try id(context)
    guard let item = items.first(where: { $0.id == id }) else { throw APIFailure(.notFound, "no \(kind) \(id)") }
    return JSONAnswer.body(item.json, status: .ok)
  }

  private static func id(_ context: some RequestContext) throws -> Int {
    let text = try context.parameters.require("id")
    guard let id = Int(text), id > 0 else { throw APIFailure(.badRequest, "'\(text)' is not an id") }
    return id
  }
}

/// `?limit=N&sort=asc|desc` of FakeStore's list routes.
struct ListQuery {
  var limit: Int?
  var descending = false

  /// Whether the request asked for nothing but the whole list in id order.
  var isEmpty: Bool { limit == nil && !descending }

  /// The query of a list that comes in pages: `limit` is the page's default when not given,
  /// and no larger than its maximum when it is.
  init(_ request: Request, page limits: APILimits) throws {
    try self.init(request)
    limit = min(limit ?? limits.defaultPage, limits.maximumPage)
  }

  init(_ request: Request) throws {
    let parameters = request.uri.queryParameters
    if let text = parameters["limit"] {
      guard let limit = Int(text), limit > 0 else { throw APIFailure(.badRequest, "limit must be a positive number, not '\(text)'") }
      self.limit = limit
    }
    switch parameters["sort"].map(String.init) {
    case nil, "asc": descending = false
    case "desc": descending = true
    case let other?: throw APIFailure(.badRequest, "sort must be asc or desc, not '\(other)'")
    }
  }

  /// `items` (in id order) sorted and cut as asked.
  func apply<Item: Identifiable>(to items: [Item]) -> [Item] where Item.ID == Int {
    let sorted = descending ? items.sorted { $0.id > $1.id } : items.sorted { $0.id < $1.id }
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }
}

/// `?startdate=…&enddate=…` of the orders routes: a day (`2020-03-02`, the end day included)
/// or an ISO 8601 time.
struct DateRange {
  var filter = OrderFilter()

  init(_ request: Request) throws {
    let parameters = request.uri.queryParameters
    if let text = parameters["startdate"].map(String.init) {
      guard let start = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "startdate '\(text)' is not a date") }
      filter.start = start
    }
    if let text = parameters["enddate"].map(String.init) {
      guard let end = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "enddate '\(text)' is not a date") }
      // The end is included: the whole day for a day, the second for a time.
      filter.end = end.addingTimeInterval(text.count <= 10 ? 86_400 : 1)
    }
    if let start = filter.start, let end = filter.end, end <= start {
      throw APIFailure(.badRequest, "enddate comes before startdate")
    }
  }
}

extension HTTPField.Name {
  /// The client's key for one order attempt (IETF draft "The Idempotency-Key HTTP Header Field").
  static let idempotencyKey = Self("Idempotency-Key")!
  /// Set on the answer to an order that an earlier request with the same key stored.
  static let idempotentReplayed = Self("Idempotent-Replayed")!
}
