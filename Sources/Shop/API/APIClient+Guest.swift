import Synchronization

extension APIClient {
  /// `base` as a guest of `onlinestore serve` sees it: guests order under a customer number they
  /// share, so that customer's account and order history are not theirs to read. The history is
  /// the orders this session placed (remembered from their answers), and no profile is fetched.
  public static func guestSession(of base: APIClient) -> APIClient {
    let placed = Mutex([StoredOrder]())
    return APIClient(
      fetchProducts: base.fetchProducts,
      fetchCategories: base.fetchCategories,
      fetchUserProfile: { _ in throw APIError.other("A guest has no account at the store.") },
      fetchOrders: { _ in placed.withLock { $0.sorted { ($0.date, $0.id) > ($1.date, $1.id) } } },
      sendOrder: { attempt in
        let confirmation = try await base.sendOrder(attempt)
        let order = attempt.order
        placed.withLock { orders in
          // An order paid again after an unclear failure is the same order: remembered once.
          let id = confirmation.id ?? -(orders.count + 1)
          guard !orders.contains(where: { $0.id == id }) else { return }
          orders.append(
            StoredOrder(id: id, userId: order.userId, date: order.date, products: confirmation.products, checkout: confirmation.checkout)
          )
        }
        return confirmation
      },
      fetchShippingRules: base.fetchShippingRules
    )
  }
}
