import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// Every route that belongs to customers asks for the token however its path is spelled: the
/// router decides which route a request reaches and, by the group the route is in, that the
/// token is asked for. Spellings the router would read as another path are refused before it.
///
/// Sent over a plain socket, byte for byte, so that no client library tidies the path first.
@Suite(.serialized)
struct RouteProtectionTests {
  static let token = HardeningTests.token

  /// A customer's route: how to ask for it, and a body that makes it succeed with the token.
  struct Route: CustomTestStringConvertible, Sendable {
    var method: String
    var path: String
    var body = ""
    /// What the route answers when reached with the token on a fresh server.
    var reached = 200
    var testDescription: String { "\(method) \(path)" }
  }

  static let customersRoutes: [Route] = [
    Route(method: "GET", path: "/users"),
    Route(method: "GET", path: "/users/1"),
    Route(method: "GET", path: "/carts"),
    Route(method: "GET", path: "/carts/1", reached: 404),  // no order yet: the route's own answer
    Route(method: "GET", path: "/carts/user/1"),
    Route(
      method: "POST", path: "/carts",
      body: #"{"userId":1,"date":"2026-11-21T10:00:00.000Z","products":[{"productId":1,"quantity":1}]}"#
    ),
    Route(method: "GET", path: "/shop/carts/1"),
    Route(method: "POST", path: "/shop/carts/1/changes", body: #"{"changes":[]}"#),
    Route(method: "GET", path: "/shop/carts/1/updates?after=1000&wait=0", reached: 204),  // nothing past 1000: at once
    Route(method: "POST", path: "/shop/key-customers", body: #"{"fingerprint":"SHA256:walker","origin":"192.0.2.9"}"#),
    Route(method: "GET", path: "/shop/customers/1/addresses"),
    Route(method: "PUT", path: "/shop/customers/1/addresses", body: #"{"addresses":[]}"#),
  ]

  /// The back office's routes: only the admin token opens them.
  static let adminRoutes: [Route] = [
    Route(method: "GET", path: "/admin/orders"),
    Route(method: "GET", path: "/admin/orders?status=placed&customer=1&limit=5"),
    Route(method: "GET", path: "/admin/orders/1", reached: 404),  // no order yet: the route's own answer
    Route(method: "POST", path: "/admin/orders/1/status", body: #"{"status":"packed"}"#, reached: 404),
    Route(method: "GET", path: "/admin/stock"),
    Route(method: "PUT", path: "/admin/products/1/stock", body: #"{"stock":5}"#),
    Route(method: "GET", path: "/admin/audit"),
    Route(method: "GET", path: "/admin/pulse"),
    Route(method: "GET", path: "/admin/customers?after=1&limit=5"),
    Route(method: "GET", path: "/admin/customers/1"),
    Route(method: "GET", path: "/admin/products"),
    Route(method: "POST", path: "/admin/products", body: #"{"title":"Ink","price":8.5,"category":"inks"}"#),
    Route(method: "PUT", path: "/admin/products/1", body: #"{"title":"Ink","price":8.5,"category":"inks"}"#),
    Route(method: "POST", path: "/admin/products/1/archive", body: "{}"),
    Route(method: "POST", path: "/admin/products/1/restore", body: "{}"),
  ]

  /// The same route written the ways the router would also have taken it before the fix.
  static func otherSpellings(of path: String) -> [String] {
    let parts = path.split(separator: "?", maxSplits: 1)
    let route = String(parts[0])
    let query = parts.count > 1 ? "?" + parts[1] : ""
    let first = route.dropFirst().split(separator: "/").first.map(String.init) ?? ""
    let rest = String(route.dropFirst(first.count + 1))
    return [
      "/" + route + query,  // //users
      "/." + route + query,  // /./users
      "/x/.." + route + query,  // /x/../users
      "/" + first + "/" + rest + query,  // /users//1, or /users/ for a route of one segment
      route + "/" + query,  // a trailing slash
      "/%2e" + route + query,
      "/%2E%2E" + route + query,
      "/" + first + "%2F" + rest.dropFirst() + query,
      "/%2f" + route + query,
      "/%252f" + route + query,
      "http://127.0.0.1/" + route + query,  // absolute form, doubled slash
      "http://127.0.0.1/./" + route.dropFirst() + query,
    ]
  }

  /// ``RawConnection/status(port:_:_:headers:body:)`` on a dispatch thread: its socket blocks,
  /// and the two threads every test's tasks share must not.
  static func status(
    port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: String = ""
  ) async -> Int? {
    await Blocking.run { RawConnection.status(port: port, method, target, headers: headers, body: body) }
  }

  /// One server for every route and spelling: twenty servers started at once once made a busy
  /// machine slower for every other test.
  @Test func withoutTheTokenNoSpellingReachesAnyOfThem() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, token: Self.token) { http, _ in
      let port = try #require(http.baseURL.port)
      for route in Self.customersRoutes {
        #expect(await Self.status(port: port, route.method, route.path, body: route.body) == 401, "\(route.testDescription): the plain path")
        #expect(
          await Self.status(port: port, route.method, "http://127.0.0.1" + route.path, body: route.body) == 401,
          "\(route.testDescription): the plain path in absolute form"
        )
        for spelling in Self.otherSpellings(of: route.path) {
          #expect(await Self.status(port: port, route.method, spelling, body: route.body) == 400, "\(route.method) \(spelling)")
        }
      }
    }
  }

  @Test func withTheTokenOnlyThePlainSpellingReachesThem() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, token: Self.token) { http, _ in
      let port = try #require(http.baseURL.port)
      let bearer = ["Authorization": "Bearer " + Self.token]
      for route in Self.customersRoutes {
        // Customer 1 is an account customer of the demo catalog; key customers come later.
        let status = await Self.status(port: port, route.method, route.path, headers: bearer, body: route.body)
        #expect(status == route.reached, "\(route.testDescription): the plain path with the token")
        for spelling in Self.otherSpellings(of: route.path) {
          #expect(await Self.status(port: port, route.method, spelling, headers: bearer, body: route.body) == 400, "\(route.method) \(spelling)")
        }
      }
    }
  }

  /// Neither no token nor the shop's opens the back office, in any spelling; the admin token
  /// opens it in the plain one only; and the admin token opens none of the customers' routes.
  @Test func theBackOfficeOpensToItsOwnTokenAlone() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, token: Self.token, adminToken: AdminRouteTests.adminToken) { http, _ in
      let port = try #require(http.baseURL.port)
      let shop = ["Authorization": "Bearer " + Self.token]
      let admin = ["Authorization": "Bearer " + AdminRouteTests.adminToken]
      for route in Self.adminRoutes {
        for headers in [[:], shop, ["Authorization": "Bearer " + AdminRouteTests.adminToken.dropLast()]] {
          #expect(await Self.status(port: port, route.method, route.path, headers: headers, body: route.body) == 401, "\(route.testDescription) \(headers)")
          for spelling in Self.otherSpellings(of: route.path) {
            #expect(await Self.status(port: port, route.method, spelling, headers: headers, body: route.body) == 400, "\(route.method) \(spelling)")
          }
        }
        #expect(await Self.status(port: port, route.method, route.path, headers: admin, body: route.body) == route.reached, "\(route.testDescription)")
        for spelling in Self.otherSpellings(of: route.path) {
          #expect(await Self.status(port: port, route.method, spelling, headers: admin, body: route.body) == 400, "\(route.method) \(spelling)")
        }
      }
      for route in Self.customersRoutes {
        #expect(await Self.status(port: port, route.method, route.path, headers: admin, body: route.body) == 401, "\(route.testDescription)")
      }
    }
  }

  /// A server started without `--admin-token-file` keeps the back office shut to every token.
  @Test func withoutAnAdminTokenTheBackOfficeIsClosed() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, token: Self.token) { http, _ in
      let port = try #require(http.baseURL.port)
      for route in Self.adminRoutes {
        for headers in [[:], ["Authorization": "Bearer " + Self.token], ["Authorization": "Bearer " + AdminRouteTests.adminToken]] {
          #expect(await Self.status(port: port, route.method, route.path, headers: headers, body: route.body) == 403, "\(route.testDescription)")
        }
      }
    }
  }

  @Test func theCatalogStaysOpenAndIsSpelledOneWayToo() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, token: Self.token) { http, _ in
      let port = try #require(http.baseURL.port)
      for path in ["/", "/products", "/products/1", "/products/categories", "/shop", "/shop/stock", "/img/product-1.png"] {
        let status = await Self.status(port: port, "GET", path)
        #expect(status == (path == "/" ? 404 : 200), "\(path)")
      }
      #expect(await Self.status(port: port, "GET", "/products/category/men's%20clothing") == 200, "an encoded space is a spelling")
      for path in ["//products", "/products/", "/products/./1", "/img/..%2fimg/product-1.png", "*", "/products\\1"] {
        #expect(await Self.status(port: port, "GET", path) == 400, "\(path)")
      }
    }
  }

  @Test func theSpellingRule() {
    #expect(PathSpelling.refusal(of: "/carts/user/1") == nil)
    #expect(PathSpelling.refusal(of: "/") == nil)
    for refused in ["//x", "/x//y", "/x/", "/./x", "/x/..", "/%2E", "/a%2fb", "/a%5Cb", "/a%00", "/a\u{7}", "x", ""] {
      #expect(PathSpelling.refusal(of: refused) != nil, "\(refused)")
    }
  }
}
