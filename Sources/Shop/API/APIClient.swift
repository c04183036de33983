import Dependencies
import DependenciesMacros
import Foundation

/// Everything the shop asks of a store, as a dependency with three implementations:
///
/// - ``live(baseURL:timeout:maxResponseBytes:)``: HTTP to the FakeStore API or a compatible
///   server (`--api URL`);
/// - ``embedded(latency:)``: the project's own demo catalog, in process (the default: the app
///   works without a network);
/// - the test value: every endpoint unimplemented, so a test fails on any call it did not
///   expect, and overrides exactly the endpoints it means to use.
@DependencyClient
public struct APIClient: Sendable {
  /// `GET /products`: the products that could be read, and how many could not.
  public var fetchProducts: @Sendable () async throws -> ProductListing
  /// `GET /products/categories`: the store's own list of categories, where it has one.
  public var fetchCategories: @Sendable () async throws -> [String]
  /// `GET /users/{id}`.
  public var fetchUserProfile: @Sendable (_ id: Int) async throws -> UserProfile
  /// `GET /carts/user/{id}`: the customer's orders, newest first.
  public var fetchOrders: @Sendable (_ customer: Customer.ID) async throws -> [StoredOrder]
  /// `POST /carts`, with the attempt's `Idempotency-Key` header.
  public var sendOrder: @Sendable (_ attempt: OrderAttempt) async throws -> OrderConfirmation
  /// `GET /shop/shipping`: what shipping costs at this store; the standard rules at a store that
  /// does not say (a plain FakeStore server).
  public var fetchShippingRules: @Sendable () async throws -> ShippingRules
}

extension APIClient: DependencyKey {
  /// The app's default: the embedded catalog, so it always has something to sell.
  public static var liveValue: APIClient { .embedded() }
  public static let testValue = APIClient()
}

extension DependencyValues {
  /// The store the shop talks to.
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
