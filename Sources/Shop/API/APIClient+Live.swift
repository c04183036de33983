import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// A client for the FakeStore API, or any server that speaks it, at `baseURL`.
  ///
  /// - Parameters:
  ///   - timeout: How long one request may take in all before it fails with
  ///     "The store did not answer within N s".
  ///   - maxResponseBytes: Answers larger than this are refused (the real catalog is ~10 KB).
  ///   - token: Sent as `Authorization: Bearer …` with every request, for a server that asks for
  ///     one (`onlinestore-api --token-file`).
  public static func live(
    baseURL: URL,
    timeout: Duration = .seconds(10),
    maxResponseBytes: Int = 5 * 1_048_576,
    token: String? = nil
  ) -> APIClient {
    let transport = HTTPTransport(timeout: timeout, maxResponseBytes: maxResponseBytes)

    @Sendable func request(_ path: String) -> URLRequest {
      var request = URLRequest(url: baseURL.appendingPathComponent(path))
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      request.setValue("onlinestore-terminal", forHTTPHeaderField: "User-Agent")
      if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
      return request
    }

    return APIClient(
      fetchProducts: {
        let body = try await transport.body(for: request("products"))
        let entries = try ResponseDecoding.decode([Lenient<Product>].self, from: body, notFound: "products")
        let products = entries.compactMap { $0.value.map(ShownProduct.bounded) }
        if products.isEmpty, !entries.isEmpty {
          // Not one product could be read: the answer is broken, and the strict decoding says how.
          _ = try ResponseDecoding.decode([Product].self, from: body, notFound: "products")
        }
        return ProductListing(products: products, skippedCount: entries.count - products.count)
      },
      fetchCategories: {
        let body = try await transport.body(for: request("products/categories"))
        return try ResponseDecoding.decode([String].self, from: body, notFound: "categories")
      },
      fetchUserProfile: { id in
        let body = try await transport.body(for: request("users/\(id)"))
        return try ResponseDecoding.decode(UserProfile.self, from: body, notFound: "user \(id)")
      },
      fetchOrders: { id in
        let body = try await transport.body(for: request("carts/user/\(id)"))
        let orders = try ResponseDecoding.decode([StoredOrder].self, from: body, notFound: "orders of customer \(id)")
        // FakeStore lists them oldest first; the history shows the newest first.
        return orders.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
      },
      sendOrder: { attempt in
        var post = request("carts")
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.setValue(attempt.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        do {
          post.httpBody = try ResponseDecoding.encoder.encode(attempt.order)
        } catch {
          throw APIError.other("The order could not be written: \(error)")
        }
        let body = try await transport.body(for: post)
        return try ResponseDecoding.decode(OrderConfirmation.self, from: body, notFound: "order")
      },
      fetchShippingRules: {
        let body: Data
        do throws(APIError) {
          body = try await transport.body(for: request("shop/shipping"))
        } catch .httpStatus(404) {
          return .standard
        }
        return try ResponseDecoding.decode(ShippingRules.self, from: body, notFound: "shipping rules")
      }
    )
  }
}
