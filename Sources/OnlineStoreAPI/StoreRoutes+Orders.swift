import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The customers' orders: listing them and placing one.
extension StoreRoutes {
  /// Customers' orders: behind the token when there is one.
  func addOrders<Context: RequestContext>(to router: some RouterMethods<Context>) {
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

  /// Places the order the request carries, counting it as placed or refused (by why) for the
  /// operator's metrics.
  func placeOrder(_ request: Request, context: some RequestContext) async throws -> Response {
    do {
      let (response, placed) = try await takeOrder(request)
      if let placed { metrics.orderPlaced(units: placed.products.reduce(0) { $0 + $1.quantity }) }
      switch response.status {
      case .tooManyRequests: metrics.orderRefused(.rate)
      case .conflict: metrics.orderRefused(.soldOut)
      default: break
      }
      return response
    } catch let failure as APIFailure {
      switch failure.status {
      case .conflict: metrics.orderRefused(.changed)
      case .unprocessableContent: metrics.orderRefused(.keyReused)
      default: metrics.orderRefused(.invalid)
      }
      throw failure
    }
  }

  /// The answer to an order, and the order when it was new.
  private func takeOrder(_ request: Request) async throws -> (Response, NewOrder?) {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    let key = request.headers[.idempotencyKey]
    let order = try intake.order(from: body, idempotencyKey: key)
    // A key shopper's number is one this store gave out, or the order is no one's.
    guard try await customers.contains(order.userId) else { throw APIFailure(.badRequest, "no customer \(order.userId)") }
    do {
      switch try await orderRate.spending(for: order.userId, isNew: \.isNew, { try await database.place(order) }) {
      case let .placed(placed):
        if placed.isNew { stock.changed() }
        var response = try JSONAnswer.ok(placed.order)
        if !placed.isNew { response.headers[.idempotentReplayed] = "true" }
        return (response, placed.isNew ? order : nil)
      case let .wait(wait):
        // A retry of an order already taken is answered whatever the rate.
        if let earlier = try await database.replay(order) {
          var response = try JSONAnswer.ok(earlier)
          response.headers[.idempotentReplayed] = "true"
          return (response, nil)
        }
        var answer = JSONAnswer.error(
          "customer \(order.userId) is ordering faster than \(limits.ordersPerCustomerPerMinute) orders a minute", status: .tooManyRequests
        )
        // Whole seconds, rounded up: a client that waits what it is told is not refused again.
        answer.headers[.retryAfter] = String(max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)))
        return (answer, nil)
      }
    } catch OrderRejection.keyReusedForAnotherOrder {
      throw APIFailure(.unprocessableContent, "this Idempotency-Key was used for a different order")
    } catch let OrderRejection.outOfStock(shortages) {
      return (try outOfStock(shortages), nil)
    }
  }

  /// The 409 of an order that wants more than is left: `{"error": "Only 2 of … left",
  /// "shortages": [{"productId", "title", "wanted", "left"}]}`.
  func outOfStock(_ shortages: [StockShortage]) throws -> Response {
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
}

extension HTTPField.Name {
  /// The client's key for one order attempt (IETF draft "The Idempotency-Key HTTP Header Field").
  static let idempotencyKey = Self("Idempotency-Key")!
  /// Set on the answer to an order that an earlier request with the same key stored.
  static let idempotentReplayed = Self("Idempotent-Replayed")!
}
