import Foundation
import Synchronization

/// What a store's server has beside FakeStore's routes, as `GET /shop` says: `onlinestore-api`
/// keeps open carts and key customers, and tells its stock and its changes. A plain FakeStore
/// server has none of it (it answers `/shop` with a 404), and is then asked for none of it.
public struct ServerOffer: Hashable, Sendable, Decodable {
  public var service: String?
  public var openCarts: Bool?
  public var keyCustomers: Bool?
  /// `GET /shop/stock` tells what is left, and holds `?after=<version>` until it changes.
  public var stock: Bool?

  public init(service: String? = nil, openCarts: Bool? = nil, keyCustomers: Bool? = nil, stock: Bool? = nil) {
    self.service = service
    self.openCarts = openCarts
    self.keyCustomers = keyCustomers
    self.stock = stock
  }

  /// A server with nothing beside FakeStore's routes.
  public static let nothing = ServerOffer()

  public var isStoreServer: Bool { service == "onlinestore-api" }
  public var keepsOpenCarts: Bool { isStoreServer && openCarts == true }
  public var followsStock: Bool { isStoreServer && stock == true }
}

/// The first answer to a question asked at most once at a time: a failure is not kept, so the
/// next caller asks again.
final class OfferOnce: Sendable {
  private let answer = Mutex<Task<ServerOffer, any Error>?>(nil)

  func value(_ ask: @escaping @Sendable () async throws(APIError) -> ServerOffer) async throws(APIError) -> ServerOffer {
    let task = answer.withLock { answer in
      if let answer { return answer }
      let task = Task<ServerOffer, any Error> { try await ask() }
      answer = task
      return task
    }
    do {
      return try await task.value
    } catch {
      answer.withLock { if $0 == task { $0 = nil } }
      throw APIError(error)
    }
  }
}
