import Dependencies
import DependenciesMacros
import Foundation
import Shop

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Everything the back office asks of the store: the `/admin/…` routes of `onlinestore-api`,
/// behind the admin token.
@DependencyClient
public struct AdminClient: Sendable {
  /// `GET /admin/products`: every product, archived ones too, with its stock.
  public var fetchProducts: @Sendable () async throws -> [CatalogEntry]
  /// `POST /admin/products`: the product added.
  public var addProduct: @Sendable (_ draft: ProductDraft) async throws -> Product
  /// `PUT /admin/products/{id}`: the product as changed.
  public var updateProduct: @Sendable (_ id: Int, _ draft: ProductDraft) async throws -> Product
  /// `POST /admin/products/{id}/archive` or `/restore`.
  public var setArchived: @Sendable (_ id: Int, _ archived: Bool) async throws -> CatalogEntry
  /// `GET /admin/orders`: a page of orders, newest first.
  public var fetchOrders: @Sendable (_ query: OrderQuery) async throws -> [StoredOrder]
  /// `POST /admin/orders/{id}/status`: the order as it is after the move.
  public var moveOrder: @Sendable (_ id: Int, _ request: OrderStatusRequest) async throws -> StoredOrder
  /// `PUT /admin/products/{id}/stock`.
  public var setStock: @Sendable (_ id: Int, _ setting: StockSetting) async throws -> StockLevelChange
  /// `GET /admin/audit`: the newest entries, numbered below `before` when given.
  public var fetchAudit: @Sendable (_ before: Int?) async throws -> [AuditEntry]
  /// `GET /admin/pulse`.
  public var fetchPulse: @Sendable () async throws -> BackOfficePulse
  /// `GET /admin/customers`: a page of customers, numbered above `after`.
  public var fetchCustomers: @Sendable (_ after: Int) async throws -> [CustomerSummary]
  /// `GET /admin/customers/{n}`: one customer, their addresses and newest orders.
  public var fetchCustomer: @Sendable (_ number: Int) async throws -> CustomerRecord
}

/// A product's stock before and after an operator changed it, as the store answers.
public struct StockLevelChange: Hashable, Sendable, Codable {
  public var productId: Int
  public var before: Int?
  public var after: Int?

  public init(productId: Int, before: Int?, after: Int?) {
    self.productId = productId
    self.before = before
    self.after = after
  }
}

/// Which orders to list: at a stage, found by a number (an order's or a customer's), before an
/// order number (the next page), at most `limit`.
public struct OrderQuery: Hashable, Sendable {
  public var status: OrderStage?
  public var search: Int?
  public var before: Int?
  public var limit: Int

  /// Orders a page holds.
  public static let pageSize = 200

  public init(status: OrderStage? = nil, search: Int? = nil, before: Int? = nil, limit: Int = pageSize) {
    self.status = status
    self.search = search
    self.before = before
    self.limit = limit
  }

  var queryItems: [URLQueryItem] {
    [
      status.map { URLQueryItem(name: "status", value: $0.rawValue) },
      search.map { URLQueryItem(name: "search", value: String($0)) },
      before.map { URLQueryItem(name: "before", value: String($0)) },
      URLQueryItem(name: "limit", value: String(limit)),
    ].compactMap { $0 }
  }
}

extension AdminClient: DependencyKey {
  /// A back office has no store until it is given one (`onlinestore admin --api`).
  public static let liveValue = AdminClient()
  public static let testValue = AdminClient()
}

extension DependencyValues {
  public var adminClient: AdminClient {
    get { self[AdminClient.self] }
    set { self[AdminClient.self] = newValue }
  }
}
