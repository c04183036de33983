import HTTPTypes
import Hummingbird

/// With `--token-file`, the routes that concern customers — their accounts and their orders,
/// placing one, their open carts and their keys' numbers — ask for `Authorization: Bearer <token>`;
/// the catalog stays open to anyone.
///
/// It is not told which paths to guard: ``StoreRoutes`` adds the customers' routes to a router
/// group that carries it, so the router that decides which route a request reaches also decides
/// that the token is asked for. (A check of the raw path beside the router was walked around
/// with `//users`, which the router reads as `/users`.)
///
/// The token is what the store's own front door (`onlinestore serve --api-token-file`) sends, so
/// that nobody else can order as one of its shoppers or read their orders. The back office's
/// routes sit in a group of their own with another one, the admin token (`--admin-token-file`):
/// the shop's token does not open them, nor theirs the shop's.
struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
  let token: String
  /// What the refusal calls it.
  var name = "the store's token"

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    guard let offered = request.headers[.authorization], Self.isBearer(offered, token) else {
      var answer = JSONAnswer.error("this route needs \(name): Authorization: Bearer …", status: .unauthorized)
      answer.headers[.wwwAuthenticate] = "Bearer"
      return answer
    }
    return try await next(request, context)
  }

  /// Whether `offered` is `Bearer <token>`, the scheme's name in any case (RFC 9110 §11.1).
  static func isBearer(_ offered: String, _ token: String) -> Bool {
    let scheme = "bearer "
    guard offered.utf8.count == scheme.utf8.count + token.utf8.count, offered.prefix(scheme.count).lowercased() == scheme else { return false }
    return matches(String(offered.dropFirst(scheme.count)), token)
  }

  /// Compares in time that depends only on the lengths, not on where the texts differ.
  static func matches(_ offered: String, _ expected: String) -> Bool {
    let a = Array(offered.utf8)
    let b = Array(expected.utf8)
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

/// The back office's door: the admin token (`--admin-token-file`) opens it, and so does the front
/// door's own (`--front-door-token-file`), which alone may say which operator a change is made
/// for (`X-Operator`). What the token was is decided here, where the routes are guarded, and
/// passed on as ``frontDoorMark`` — a header this middleware removes from every request before it
/// adds it, so that no client can claim it.
struct OperatorTokenMiddleware<Context: RequestContext>: RouterMiddleware {
  let adminToken: String
  let frontDoorToken: String?

  /// Set on a request that came with the front door's token, and on no other.
  static var frontDoorMark: HTTPField.Name { HTTPField.Name("X-Onlinestore-Front-Door")! }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    var fields = request.head.headerFields
    fields[Self.frontDoorMark] = nil
    let offered = fields[.authorization] ?? ""
    if let frontDoorToken, TokenMiddleware<Context>.isBearer(offered, frontDoorToken) {
      fields[Self.frontDoorMark] = "1"
    } else if !TokenMiddleware<Context>.isBearer(offered, adminToken) {
      var answer = JSONAnswer.error("this route needs the admin token: Authorization: Bearer …", status: .unauthorized)
      answer.headers[.wwwAuthenticate] = "Bearer"
      return answer
    }
    var head = request.head
    head.headerFields = fields
    return try await next(Request(head: head, body: request.body), context)
  }
}

/// The group of routes that only a token opens, on a server started without it: nobody.
struct ClosedRouteMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Why, and what would open it.
  let reason: String

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    JSONAnswer.error(reason, status: .forbidden)
  }
}

/// Answers of the back office carry customers' addresses and orders: no cache on the way keeps
/// them (`Cache-Control: no-store`).
struct NoStoreMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    var response = try await next(request, context)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
