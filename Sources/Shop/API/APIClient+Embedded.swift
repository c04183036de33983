import Synchronization

extension APIClient {
  /// A store in this process, selling the ``DemoCatalog``: the app's default, so it works on a
  /// machine with no network.
  ///
  /// It behaves like a small real store: every request takes `latency` (so loading states are
  /// real), orders are checked against the catalog and numbered from 1.
  public static func embedded(
    latency: Duration = .milliseconds(300),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> APIClient {
    let orderNumbers = Mutex(0)
    return APIClient(
      fetchProducts: {
        try await clock.sleep(for: latency)
        return try DemoCatalog.products()
      },
      fetchUserProfile: { id in
        try await clock.sleep(for: latency)
        return try DemoCatalog.user(id: id)
      },
      sendOrder: { order in
        try await clock.sleep(for: latency)
        let catalog = Set(try DemoCatalog.products().map(\.id))
        guard !order.products.isEmpty else { throw APIError.httpStatus(400) }
        for line in order.products
        where !catalog.contains(line.productId) || !(1...99).contains(line.quantity) {
          throw APIError.httpStatus(400)
        }
        let number = orderNumbers.withLock {
          $0 += 1
          return $0
        }
        return OrderConfirmation(id: number, userId: order.userId, products: order.products)
      }
    )
  }
}
