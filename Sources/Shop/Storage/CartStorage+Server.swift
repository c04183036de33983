import Foundation

extension CartStorage {
  /// Keeps customer `customer`'s cart in `onlinestore-api`'s open carts, so that every host of
  /// one store — and every copy of the store on them — shares it. A save sends this copy's
  /// changes, which the server merges into the latest cart in one transaction; another copy's
  /// save is heard through the server's updates route, which answers the moment it lands on any
  /// API instance.
  ///
  /// When the server cannot be reached, ``updates`` tries again after 1, 2, 4… up to 15 s; the
  /// first update after that brings the cart as it is then.
  public static func server(_ server: StoreServer, customer: Int, retryDelay: Duration = .seconds(1)) -> CartStorage {
    let place = server.baseURL.appendingPathComponent("shop/carts/\(customer)").absoluteString
    return CartStorage(
      load: {
        do {
          return try await server.openCart(of: customer)
        } catch {
          throw CartStorageError.unreadable(path: place, reason: APIError(error).message)
        }
      },
      apply: { changes in
        do {
          return try await server.apply(changes, toCartOf: customer)
        } catch {
          throw CartStorageError.unwritable(path: place, reason: APIError(error).message)
        }
      },
      updates: {
        AsyncStream { continuation in
          let listening = Task {
            var known = 0
            var delay = retryDelay
            while !Task.isCancelled {
              do {
                if let cart = try await server.cart(of: customer, after: known) {
                  known = cart.revision
                  continuation.yield(.saved(cart))
                }
                delay = retryDelay
              } catch {
                if Task.isCancelled { break }
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(15))
              }
            }
            continuation.finish()
          }
          continuation.onTermination = { _ in listening.cancel() }
        }
      },
      // Version 1.0 kept carts only in files; a server's carts have no earlier version.
      earlierVersionCart: { nil },
      removeEarlierVersionCart: {}
    )
  }
}

extension CartStorage {
  /// The server's open carts when `server` keeps them (it is `onlinestore-api`), `files`
  /// otherwise — asked once, when the cart is first needed. A server that cannot be asked at
  /// that moment gets the files for this run: the store then still keeps what is put in the cart.
  public static func serverIfItKeepsCarts(_ server: StoreServer, customer: Int, otherwise files: CartStorage) -> CartStorage {
    let choice = Task { (try? await server.keepsOpenCarts()) == true ? CartStorage.server(server, customer: customer) : files }
    return CartStorage(
      load: { try await choice.value.load() },
      apply: { changes in try await choice.value.apply(changes) },
      updates: {
        AsyncStream { continuation in
          let forwarding = Task {
            for await update in await choice.value.updates() { continuation.yield(update) }
            continuation.finish()
          }
          continuation.onTermination = { _ in forwarding.cancel() }
        }
      },
      earlierVersionCart: { await choice.value.earlierVersionCart() },
      removeEarlierVersionCart: { try await choice.value.removeEarlierVersionCart() }
    )
  }
}
