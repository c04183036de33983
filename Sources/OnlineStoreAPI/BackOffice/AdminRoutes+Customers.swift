import Foundation
import Hummingbird
import StoreModels

/// The back office's customers: the catalog's accounts and the keys the store gave numbers,
/// each with how much and when they ordered.
///
/// - `GET /admin/customers?after=&limit=`: in number order (accounts first, their numbers being
///   below the keys'), a page at a time;
/// - `GET /admin/customers/<n>`: one customer, their address book and their newest orders.
extension AdminRoutes {
  /// The newest orders a customer's record holds.
  static let recordOrders = 50

  func addCustomers<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("admin/customers") { request, _ in
      let limit = try ListQuery(request, page: limits).limit ?? limits.defaultPage
      let after = try Self.positive(request, "after") ?? 0
      return try JSONAnswer.ok(try await customers(after: after, limit: limit))
    }
    router.get("admin/customers/:id") { _, context in
      let number = try Self.number(context, of: "customer")
      guard let customer = try await customers(after: number - 1, limit: 1).first, customer.id == number else {
        throw APIFailure(.notFound, "no customer \(number)")
      }
      let orders = try await database.orders(OrderFilter(userId: number, limit: Self.recordOrders, newestFirst: true))
      return try JSONAnswer.ok(CustomerRecord(customer: customer, addresses: try await database.addressBook(of: number), orders: orders))
    }
  }

  /// The customers numbered above `after`, at most `limit`: accounts, then keys.
  private func customers(after: Int, limit: Int) async throws -> [CustomerSummary] {
    var page = accounts.filter { $0.id > after }.sorted { $0.id < $1.id }.prefix(limit).map { account in
      CustomerSummary(id: account.id, kind: .account, name: "\(account.name.fullName) (\(account.username))")
    }
    if page.count < limit {
      let keys = try await database.keyCustomers(after: max(after, Customer.keyShopperNumbers.lowerBound - 1), limit: limit - page.count)
      page += keys.map { CustomerSummary(id: $0.number, kind: .key, name: $0.fingerprint) }
    }
    let activity = try await database.activity(of: page.map(\.id))
    return page.map { customer in
      var customer = customer
      if let done = activity[customer.id] {
        customer.orderCount = done.orderCount
        customer.firstOrder = done.firstOrder
        customer.lastOrder = done.lastOrder
      }
      return customer
    }
  }
}
