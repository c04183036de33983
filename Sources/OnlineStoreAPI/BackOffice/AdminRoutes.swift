import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The back office's routes, all under `/admin/` and all behind the admin token
/// (``StoreRoutes/add(to:token:adminToken:)`` puts them in a group that asks for it, or refuses
/// everyone when the server has none):
///
/// - `GET /admin/orders?status=&customer=&search=&before=&limit=`: orders newest first by
///   number, a page at a time (`search`: an order's number, or a customer's);
/// - `GET /admin/orders/<id>`;
/// - `POST /admin/orders/<id>/status` (``OrderStatusRequest``): moves an order on — a
///   cancelled order's units go back to stock — and the shopper's open sessions hear it;
/// - `GET /admin/stock`: every product's stock (`null`: no limit);
/// - `PUT /admin/products/<id>/stock` (`{"stock": n|null}` or `{"adjust": ±n}`);
/// - `GET /admin/audit?before=&limit=`: what was changed, by whom, newest first;
/// - `GET /admin/pulse`: the newest order's and audit entry's numbers, for a console to poll;
/// - the customers (``addCustomers(to:)``) and the catalog (``addCatalog(to:)``).
///
/// Every change is written to the audit in the transaction that makes it. Who made it is the
/// admin token, or the key a front door says its operator came with (`X-Operator`, taken only
/// with the front door's own token: ``OperatorTokenMiddleware``).
struct AdminRoutes: Sendable {
  let database: any StoreDatabase
  /// The catalog's accounts, for the customers' list.
  let accounts: [Customer]
  /// The catalog this instance serves: read again after each change of it.
  let live: LiveCatalog
  let limits: APILimits
  let statusChanged: @Sendable (StoredOrder) async -> Void
  /// Stock was set, or a product that may have one was added, archived or restored.
  let stockChanged: @Sendable () -> Void
  let now: @Sendable () -> Date

  /// The longest carrier, tracking reference or reason a status change keeps.
  static let maximumNoteLength = 100
  /// The longest `X-Operator` taken.
  static let maximumOperatorLength = 100

  /// `router` asks for the admin token, or refuses everyone when the server has none.
  func add<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("admin/orders") { request, _ in
      try JSONAnswer.ok(try await database.orders(try Self.filter(request, page: limits)))
    }
    router.get("admin/orders/:id") { _, context in
      let id = try Self.number(context, of: "order")
      guard let order = try await database.order(id: id) else { throw APIFailure(.notFound, "no order \(id)") }
      return try JSONAnswer.ok(order)
    }
    router.post("admin/orders/:id/status") { request, context in
      try await changeStatus(request, context)
    }
    router.get("admin/stock") { _, _ in
      let stock = try await database.stock().sorted { $0.key < $1.key }.map { StockChange(productId: $0.key, before: nil, after: $0.value) }
      return try JSONAnswer.ok(stock.map { ["productId": $0.productId, "stock": $0.after] })
    }
    router.put("admin/products/:id/stock") { request, context in
      let id = try Self.number(context, of: "product")
      var request = request
      let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
      let setting = try Self.stockSetting(from: body)
      do {
        let change = try await database.setStock(of: id, setting, by: try Self.actor(request), at: now())
        stockChanged()
        return try JSONAnswer.ok(change)
      } catch StockRejection.noSuchProduct {
        throw APIFailure(.notFound, "no product \(id)")
      }
    }
    addCustomers(to: router)
    addCatalog(to: router)
    router.get("admin/pulse") { _, _ in
      try JSONAnswer.ok(try await database.pulse())
    }
    router.get("admin/audit") { request, _ in
      let query = try ListQuery(request, page: limits)
      let before = try Self.positive(request, "before")
      return try JSONAnswer.ok(try await database.audit(limit: query.limit ?? limits.defaultPage, before: before))
    }
  }

  private func changeStatus(_ request: Request, _ context: some RequestContext) async throws -> Response {
    let id = try Self.number(context, of: "order")
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    let change = try Self.statusChange(from: body, at: now())
    do {
      let order = try await database.changeStatus(of: id, to: change, by: try Self.actor(request))
      await statusChanged(order)
      return try JSONAnswer.ok(order)
    } catch OrderStatusRejection.noSuchOrder {
      throw APIFailure(.notFound, "no order \(id)")
    } catch let OrderStatusRejection.notAllowed(from, to) {
      throw APIFailure(.conflict, "order \(id) is \(from.rawValue) and cannot become \(to.rawValue)")
    }
  }

  /// Who is making a change: the key the front door names, or the admin token itself. Only a
  /// request that came with the front door's token may name one (``OperatorTokenMiddleware``):
  /// with the admin token alone, anyone who holds it could write any operator into the audit.
  static func actor(_ request: Request) throws(APIFailure) -> String {
    guard let named = request.headers[.operatorKey] else { return "admin token" }
    guard request.headers[OperatorTokenMiddleware<BasicRequestContext>.frontDoorMark] == "1" else {
      throw APIFailure(.forbidden, "X-Operator is taken only with the front door's token (onlinestore-api --front-door-token-file)")
    }
    guard !named.isEmpty, named.count <= maximumOperatorLength, named.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
      throw APIFailure(.badRequest, "X-Operator must be 1 to \(maximumOperatorLength) visible ASCII characters")
    }
    return "key " + named
  }

  /// The orders `request` asks for: `status`, `customer`, `search`, `before` (an order number)
  /// and `limit`.
  static func filter(_ request: Request, page limits: APILimits) throws -> OrderFilter {
    var filter = OrderFilter(limit: try ListQuery(request, page: limits).limit)
    filter.byNumber = true
    if let text = request.uri.queryParameters["status"].map(String.init) {
      guard let status = OrderStage(rawValue: text) else {
        throw APIFailure(.badRequest, "status must be one of \(OrderStage.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      filter.status = status
    }
    filter.userId = try positive(request, "customer")
    filter.before = try positive(request, "before")
    filter.numberOrCustomer = try positive(request, "search")
    return filter
  }

  static func positive(_ request: Request, _ name: String) throws(APIFailure) -> Int? {
    guard let text = request.uri.queryParameters[name[...]].map(String.init) else { return nil }
    guard let value = strictNumber(text) else { throw APIFailure(.badRequest, "\(name) must be a positive number, not '\(text.prefix(40))'") }
    return value
  }

  static func number(_ context: some RequestContext, of kind: String) throws -> Int {
    let text = try context.parameters.require("id")
    guard let id = strictNumber(text) else { throw APIFailure(.badRequest, "'\(text.prefix(40))' is not \(kind) number") }
    return id
  }

  /// A positive number written one way only: digits, no sign, no leading zero (`+1` and `01`
  /// would be other spellings of the same route).
  static func strictNumber(_ text: String) -> Int? {
    guard let first = text.first, first != "0", text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// A stock as asked: a count from 0 to ``StockSetting/maximum``, `null` for no limit, or an
  /// adjustment within the same range — one of them, nothing else.
  static func stockSetting(from body: Data) throws(APIFailure) -> StockSetting {
    struct Sent: Decodable {
      var setting: StockSetting
      enum CodingKeys: String, CodingKey { case stock, adjust }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch (container.contains(.stock), container.contains(.adjust)) {
        case (true, false): setting = .count(try container.decodeNil(forKey: .stock) ? nil : container.decode(Int.self, forKey: .stock))
        case (false, true): setting = .adjust(by: try container.decode(Int.self, forKey: .adjust))
        default: throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "stock or adjust"))
        }
      }
    }
    let usage = "a stock is {\"stock\": 0…\(StockSetting.maximum) or null} or {\"adjust\": ±n}"
    guard let sent = try? StoreJSON.decoder.decode(Sent.self, from: body) else { throw APIFailure(.badRequest, usage) }
    switch sent.setting {
    case let .count(count?) where !(0...StockSetting.maximum).contains(count): throw APIFailure(.badRequest, usage)
    case let .adjust(by) where !(-StockSetting.maximum...StockSetting.maximum).contains(by): throw APIFailure(.badRequest, usage)
    default: return sent.setting
    }
  }

  /// A status change as asked, checked: a shipment names its carrier and tracking reference, a
  /// cancellation its reason, each a short line of visible text.
  static func statusChange(from body: Data, at time: Date) throws(APIFailure) -> OrderStatusChange {
    guard let asked = try? StoreJSON.decoder.decode(OrderStatusRequest.self, from: body) else {
      throw APIFailure(
        .badRequest, "a status change is {\"status\": placed|packed|shipped|delivered|cancelled, \"carrier\", \"tracking\", \"reason\"}"
      )
    }
    for (name, value) in [("carrier", asked.carrier), ("tracking", asked.tracking), ("reason", asked.reason)] {
      guard let value else { continue }
      guard VisibleText.problem(value, most: maximumNoteLength) == nil else {
        throw APIFailure(.badRequest, "\(name) must be 1 to \(maximumNoteLength) characters of visible text")
      }
    }
    switch asked.status {
    case .shipped where asked.carrier == nil || asked.tracking == nil:
      throw APIFailure(.badRequest, "a shipped order names its carrier and tracking reference")
    case .cancelled where asked.reason == nil:
      throw APIFailure(.badRequest, "a cancelled order says why (reason)")
    default:
      return OrderStatusChange(
        stage: asked.status, at: time, carrier: asked.status == .shipped ? asked.carrier : nil,
        tracking: asked.status == .shipped ? asked.tracking : nil, reason: asked.status == .cancelled ? asked.reason : nil
      )
    }
  }
}

extension HTTPField.Name {
  /// The key an operator came to the back office with, as their front door names it.
  static let operatorKey = Self("X-Operator")!
}
