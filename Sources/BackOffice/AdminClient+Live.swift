import Foundation
import Shop

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension AdminClient {
  /// The back office of the `onlinestore-api` at `baseURL`, with its admin token. `operatorKey`
  /// (an SSH key's fingerprint, when the operator came over SSH) is sent as `X-Operator`, so the
  /// audit says who made each change.
  public static func live(baseURL: URL, token: String, operatorKey: String? = nil, timeout: Duration = .seconds(10)) -> AdminClient {
    let transport = HTTPTransport(timeout: timeout, maxResponseBytes: 16 * 1_048_576)

    @Sendable func request(_ path: String, query: [URLQueryItem] = [], method: String = "GET", body: Data? = nil) -> URLRequest {
      var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
      if !query.isEmpty { components.queryItems = query }
      var request = URLRequest(url: components.url!)
      request.httpMethod = method
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      request.setValue("onlinestore-admin", forHTTPHeaderField: "User-Agent")
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
      if let operatorKey { request.setValue(operatorKey, forHTTPHeaderField: "X-Operator") }
      return request
    }

    return AdminClient(
      fetchProducts: { try await Self.send(transport, request("admin/products"), as: [CatalogEntry].self) },
      addProduct: { draft in
        try await Self.send(transport, request("admin/products", method: "POST", body: try StoreJSON.encoder.encode(draft)), as: Product.self)
      },
      updateProduct: { id, draft in
        try await Self.send(transport, request("admin/products/\(id)", method: "PUT", body: try StoreJSON.encoder.encode(draft)), as: Product.self)
      },
      setArchived: { id, archived in
        try await Self.send(transport, request("admin/products/\(id)/\(archived ? "archive" : "restore")", method: "POST", body: Data("{}".utf8)), as: CatalogEntry.self)
      },
      fetchOrders: { query in try await Self.send(transport, request("admin/orders", query: query.queryItems), as: [StoredOrder].self) },
      moveOrder: { id, change in
        try await Self.send(transport, request("admin/orders/\(id)/status", method: "POST", body: try StoreJSON.encoder.encode(change)), as: StoredOrder.self)
      },
      setStock: { id, setting in
        let body: Data =
          switch setting {
          case let .count(count): Data(#"{"stock":\#(count.map(String.init) ?? "null")}"#.utf8)
          case let .adjust(by): Data(#"{"adjust":\#(by)}"#.utf8)
          }
        return try await Self.send(transport, request("admin/products/\(id)/stock", method: "PUT", body: body), as: StockLevelChange.self)
      },
      fetchAudit: { before in
        try await Self.send(transport, request("admin/audit", query: before.map { [URLQueryItem(name: "before", value: String($0))] } ?? []), as: [AuditEntry].self)
      },
      fetchPulse: { try await Self.send(transport, request("admin/pulse"), as: BackOfficePulse.self) },
      fetchCustomers: { after in
        let query = [URLQueryItem(name: "after", value: String(after)), URLQueryItem(name: "limit", value: String(CustomersFeature.pageSize))]
        return try await Self.send(transport, request("admin/customers", query: after > 0 ? query : Array(query.dropFirst())), as: [CustomerSummary].self)
      },
      fetchCustomer: { number in try await Self.send(transport, request("admin/customers/\(number)"), as: CustomerRecord.self) }
    )
  }

  /// The answer's value, or the store's own reason for refusing.
  private static func send<Value: Decodable>(_ transport: HTTPTransport, _ request: URLRequest, as type: Value.Type) async throws -> Value {
    let (status, body) = try await transport.statusAndBody(for: request)
    guard (200..<300).contains(status) else {
      let reason = HTTPTransport.reason(in: body)
      switch (status, reason) {
      case (401, _):
        throw APIError.other("The store refused the admin token: is --admin-token-file the file onlinestore-api was started with?")
      case let (409, reason?): throw APIError.changed(reason)
      case let (_, reason?): throw APIError.other(reason.prefix(1).uppercased() + reason.dropFirst())
      default: throw APIError.httpStatus(status)
      }
    }
    do {
      return try StoreJSON.decoder.decode(Value.self, from: body)
    } catch {
      throw APIError.malformed(String("\(error)".prefix(200)))
    }
  }
}
