import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The customers' accounts and logging in.
extension StoreRoutes {
  /// Logging in: open to anyone.
  func addLogin<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.post("auth/login") { request, context in
      try await login(request, context: context)
    }
  }

  /// Customers' accounts: behind the token when there is one.
  func addUsers<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("users") { request, _ in
      JSONAnswer.body(EncodedCatalog.array(try ListQuery(request).apply(to: live.current.encoded.customers)), status: .ok)
    }
    router.get("users/:id") { _, context in
      try Self.one(of: live.current.encoded.customers, context, called: "customer")
    }
  }

  private struct Credentials: Decodable {
    var username: String
    var password: String
  }

  func login(_ request: Request, context: some RequestContext) async throws -> Response {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    guard let credentials = try? StoreJSON.decoder.decode(Credentials.self, from: body) else {
      throw APIFailure(.badRequest, "log in with {\"username\": …, \"password\": …}")
    }
    guard customerAccounts.contains(where: { $0.username == credentials.username && $0.password == credentials.password })
    else {
      throw APIFailure(.unauthorized, "username or password is incorrect")
    }
    let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0 ... .max)) }.joined()
    return try JSONAnswer.ok(["token": token])
  }
}
