import Synchronization

extension APIClient {
  /// A store in this process, selling the ``DemoCatalog``: the app's default, so it works on a
  /// machine with no network.
  ///
  /// It behaves like a small real store: every request takes `latency` (so loading states are
  /// real), orders are checked against the catalog, numbered from 1 and remembered for the
  /// customer's order history while the process runs, and an order sent again
  /// with the same idempotency key is answered as the first time, not taken again (the same key
  /// with a different order is refused with 422).
  public static func embedded(
    latency: Duration = .milliseconds(300),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> APIClient {
    let orders = Mutex(TakenOrders())
    return APIClient(
      fetchProducts: {
        try await clock.sleep(for: latency)
        return ProductListing(products: try DemoCatalog.products())
      },
      fetchCategories: {
        try await clock.sleep(for: latency)
        return Set(try DemoCatalog.products().map(\.category)).sorted()
      },
      fetchUserProfile: { id in
        try await clock.sleep(for: latency)
        return try DemoCatalog.user(id: id)
      },
      fetchOrders: { id in
        try await clock.sleep(for: latency)
        return orders.withLock { $0.history(of: id) }
      },
      sendOrder: { attempt in
        try await clock.sleep(for: latency)
        let order = attempt.order
        let catalog = Dictionary(try DemoCatalog.products().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard !order.products.isEmpty else { throw APIError.httpStatus(400) }
        for line in order.products
        where catalog[line.productId] == nil || !(1...CartBounds.maximumQuantity).contains(line.quantity) {
          throw APIError.httpStatus(400)
        }
        var lines = order.products
        var checkout: OrderCheckout?
        if let address = order.shipping {
          do throws(OrderPricing.Refusal) {
            (lines, checkout) = try OrderPricing.charge(order, shipping: address, products: catalog, rules: .standard)
          } catch .address {
            throw APIError.httpStatus(400)
          } catch {
            throw APIError.changed(error.message)
          }
        }
        let charged = (lines, checkout)
        return try orders.withLock { orders throws(APIError) in try orders.take(attempt, lines: charged.0, checkout: charged.1) }
      },
      fetchShippingRules: {
        try await clock.sleep(for: latency)
        return .standard
      }
    )
  }
}

/// The orders an embedded store has taken, by idempotency key.
private struct TakenOrders {
  var count = 0
  var byKey: [String: (order: OrderRequest, confirmation: OrderConfirmation)] = [:]
  var stored: [StoredOrder] = []

  /// Customer `id`'s orders, newest first.
  func history(of id: Int) -> [StoredOrder] {
    stored.filter { $0.userId == id }.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
  }

  /// Takes `attempt` with its lines and checkout as charged, once per idempotency key.
  mutating func take(_ attempt: OrderAttempt, lines: [OrderRequest.Line], checkout: OrderCheckout?) throws(APIError) -> OrderConfirmation {
    if let earlier = byKey[attempt.idempotencyKey] {
      guard earlier.order == attempt.order else { throw .httpStatus(422) }
      return earlier.confirmation
    }
    count += 1
    let order = attempt.order
    let confirmation = OrderConfirmation(id: count, userId: order.userId, products: lines, checkout: checkout)
    byKey[attempt.idempotencyKey] = (order, confirmation)
    stored.append(StoredOrder(id: count, userId: order.userId, date: order.date, products: lines, checkout: checkout))
    return confirmation
  }
}
