import Foundation
@testable import OnlineStoreAPI
import StoreTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import StoreModels
import Testing

/// The back office at the API: stock that is taken with the order that takes it, refused with
/// what is left, given back when an order is cancelled, set and adjusted by the operator, every
/// change in the audit; and the orders listed newest first, filtered and paged.
struct AdminRouteTests {
  static let adminToken = "admin-fedcba9876543210fedcba987654"
  static let frontDoorToken = "front-door-0123456789abcdef012345"
  static let notAPicture = "is not a readable PNG, JPEG or WebP file of at most 4 MiB"

  @Test(arguments: TestDatabase.all)
  func stockIsTakenRefusedWithWhatIsLeftAndGivenBackOnCancelling(database: TestDatabase) async throws {
    try await RouteTests.withServer(database, adminToken: Self.adminToken, frontDoorToken: Self.frontDoorToken) { http, _ in
      #expect(try await http.get("/shop/stock").decode(StockLevels.self) == .unlimited, "a new catalog has no limits")
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":3}"#).status == 200)
      #expect(try await http.get("/shop/stock").decode(StockLevels.self) == StockLevels(left: [1: 3]))

      let first = try await http.order(.sample(1, quantity: 2), key: "first")
      #expect(first.status == 200)
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[1] == 1)

      let tooMany = try await http.order(.sample(1, quantity: 2, minute: 1), key: "second")
      #expect(tooMany.status == 409)
      #expect(tooMany.error == "Only 1 of Dot-grid notebook, A5, 192 pages left")
      let shortages = try #require((tooMany.json as? [String: Any])?["shortages"] as? [[String: Any]])
      #expect(shortages.count == 1 && shortages[0]["productId"] as? Int == 1 && shortages[0]["wanted"] as? Int == 2 && shortages[0]["left"] as? Int == 1)
      #expect(try await http.get("/carts/user/1").decode([StoredOrder].self).count == 1, "the refused order is not stored")
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[1] == 1, "and took nothing")
      // An order of two lines, one of them short, takes nothing of either.
      #expect(try await http.operate("/admin/products/2/stock", method: "PUT", body: #"{"stock":5}"#).status == 200)
      let mixed = OrderRequest(userId: 1, date: Date(timeIntervalSince1970: 1_795_260_600), products: [.init(productId: 2, quantity: 1), .init(productId: 1, quantity: 2)])
      #expect(try await http.order(mixed).status == 409)
      #expect(try await http.get("/shop/stock").decode(StockLevels.self) == StockLevels(left: [1: 1, 2: 5]))

      let retry = try await http.order(.sample(1, quantity: 2), key: "first")
      #expect(retry.status == 200 && retry.headers["idempotent-replayed"] == "true", "a retry is its order, whatever is left now")
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[1] == 1)

      let placed = try first.decode(StoredOrder.self)
      var operatorHTTP = http
      operatorHTTP.headers["X-Operator"] = "SHA256:operator-key"
      let cancelled = try await operatorHTTP.operate(
        "/admin/orders/\(placed.id)/status", body: #"{"status":"cancelled","reason":"customer asked"}"#, token: Self.frontDoorToken
      )
      #expect(cancelled.status == 200)
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[1] == 3, "its units are back")

      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"adjust":-5}"#).decode(StockChange.self).after == 0)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"adjust":4}"#).decode(StockChange.self).after == 4)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":null}"#).decode(StockChange.self).after == nil)
      #expect(try await http.get("/shop/stock").decode(StockLevels.self) == StockLevels(left: [2: 5]))

      let audit = try await http.operate("/admin/audit").decode([AuditEntry].self)
      #expect(audit.map(\.subject) == ["product 1", "product 1", "product 1", "order \(placed.id)", "product 2", "product 1"])
      #expect(audit[3].actor == "key SHA256:operator-key" && audit[3].before == "Placed" && audit[3].after == "Cancelled: customer asked")
      #expect(audit[0].actor == "admin token" && audit[0].before == "4" && audit[0].after == "no limit")
      #expect(try await http.operate("/admin/audit?limit=2&before=\(audit[1].id)").decode([AuditEntry].self) == Array(audit[2...3]))
    }
  }

  /// Only the front door's token may say which operator a change is for: with the admin token
  /// alone, anyone who holds it could write any key into the audit. A client that sends the
  /// header the token check sets is not believed either.
  @Test func onlyTheFrontDoorsTokenNamesAnOperator() async throws {
    try await RouteTests.withServer(.sqlite, adminToken: Self.adminToken, frontDoorToken: Self.frontDoorToken) { http, _ in
      var named = http
      named.headers["X-Operator"] = "SHA256:someone-else"
      let refused = try await named.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":4}"#)
      #expect(refused.status == 403)
      #expect(refused.error == "X-Operator is taken only with the front door's token (onlinestore-api --front-door-token-file)")
      var spoofing = named
      spoofing.headers["X-Onlinestore-Front-Door"] = "1"
      #expect(try await spoofing.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":4}"#).status == 403)
      #expect(try await http.operate("/admin/audit").decode([AuditEntry].self).isEmpty, "nothing was changed")

      #expect(try await named.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":4}"#, token: Self.frontDoorToken).status == 200)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":5}"#, token: Self.frontDoorToken).status == 200)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":6}"#).status == 200)
      let actors = try await http.operate("/admin/audit").decode([AuditEntry].self).map(\.actor)
      #expect(actors == ["admin token", "admin token", "key SHA256:someone-else"], "newest first; the front door without a name is the token")
      #expect(try await http.operate("/admin/audit", token: "not-a-token-0123456789abcdef01234").status == 401)
    }
  }

  @Test func stockSettingsOutsideTheirBoundsAreRefused() async throws {
    try await RouteTests.withServer(.sqlite, adminToken: Self.adminToken, frontDoorToken: Self.frontDoorToken) { http, _ in
      for body in [
        #"{"stock":-1}"#, #"{"stock":1000001}"#, #"{"stock":1.5}"#, #"{"stock":true}"#, #"{"stock":"3"}"#, #"{}"#, #"{"stock":1,"adjust":1}"#,
        #"{"adjust":-9223372036854775808}"#, #"{"adjust":99999999999999999999}"#, "not json", #"{"adjust":null}"#,
      ] {
        let answer = try await http.operate("/admin/products/1/stock", method: "PUT", body: body)
        #expect(answer.status == 400, "\(body)")
      }
      #expect(try await http.operate("/admin/products/999/stock", method: "PUT", body: #"{"stock":1}"#).status == 404)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":1000000}"#).status == 200)
      #expect(try await http.operate("/admin/products/1/stock", method: "PUT", body: #"{"adjust":1000000}"#).decode(StockChange.self).after == 1_000_000)
      var longName = http
      longName.headers["X-Operator"] = String(repeating: "k", count: 101)
      #expect(try await longName.operate("/admin/products/1/stock", method: "PUT", body: #"{"stock":1}"#, token: Self.frontDoorToken).status == 400)
      // The adjustment at the maximum changed nothing, so nothing of it is audited.
      #expect(try await http.operate("/admin/audit").decode([AuditEntry].self).map(\.after) == ["1000000"], "only the one change made")
    }
  }

  @Test(arguments: TestDatabase.all)
  func ordersAreListedNewestFirstFilteredAndPaged(database: TestDatabase) async throws {
    try await RouteTests.withServer(database, adminToken: Self.adminToken) { http, _ in
      var ids: [Int] = []
      for index in 0..<6 {
        ids.append(try await http.order(.sample(index + 1, userId: index.isMultiple(of: 2) ? 1 : 2, minute: index)).decode(StoredOrder.self).id)
      }
      for id in ids.prefix(2) {
        #expect(try await http.operate("/admin/orders/\(id)/status", body: #"{"status":"packed"}"#).status == 200)
      }
      let listed = try await http.operate("/admin/orders")
      #expect(try listed.decode([StoredOrder].self).map(\.id) == ids.reversed())
      #expect(listed.headers["cache-control"] == "no-store", "customers' orders are kept by no cache on the way")
      var lowerCase = http
      lowerCase.headers["Authorization"] = "bearer " + Self.adminToken
      #expect(try await lowerCase.get("/admin/orders").status == 200, "the scheme's name in any case (RFC 9110)")
      #expect(try await http.operate("/admin/orders?status=packed").decode([StoredOrder].self).map(\.id) == ids.prefix(2).reversed())
      #expect(try await http.operate("/admin/orders?customer=2").decode([StoredOrder].self).map(\.id) == [ids[5], ids[3], ids[1]])
      #expect(try await http.operate("/admin/orders?limit=2&before=\(ids[4])").decode([StoredOrder].self).map(\.id) == [ids[3], ids[2]])
      #expect(try await http.operate("/admin/orders/\(ids[0])").decode(StoredOrder.self).status == .packed)
      #expect(try await http.operate("/admin/orders?search=2").decode([StoredOrder].self).map(\.id) == [ids[5], ids[3], ids[1]], "customer 2's")
      #expect(try await http.operate("/admin/orders?search=\(ids[4])").decode([StoredOrder].self).map(\.id).contains(ids[4]), "order \(ids[4])")
      let pulse = try await http.operate("/admin/pulse").decode(BackOfficePulse.self)
      #expect(pulse == BackOfficePulse(newestOrder: ids[5], newestAudit: 2))
      for query in ["status=lost", "customer=0", "before=x", "limit=-1", "search=-4"] {
        #expect(try await http.operate("/admin/orders?\(query)").status == 400, "\(query)")
      }
    }
  }

  /// Accounts first, then keys, each with how much and when they ordered; one customer's record
  /// with their addresses and newest orders.
  @Test(arguments: TestDatabase.all)
  func customersWithTheirOrders(database: TestDatabase) async throws {
    try await RouteTests.withServer(database, adminToken: Self.adminToken) { http, _ in
      let first = try await http.keyCustomer("first")
      let second = try await http.keyCustomer("second")
      #expect(try await http.order(.sample(1, userId: 1, minute: 1)).status == 200)
      #expect(try await http.order(.sample(2, userId: 1, minute: 5)).status == 200)
      #expect(try await http.order(.sample(3, userId: first, minute: 3)).status == 200)
      #expect(try await http.put("/shop/customers/\(first)/addresses", body: StoreJSON.encoder.encode(AddressBook(addresses: [.sample]))).status == 200)

      let all = try await http.operate("/admin/customers").decode([CustomerSummary].self)
      #expect(all.map(\.id) == [1, 2, first, second])
      #expect(all.map(\.kind) == [.account, .account, .key, .key])
      #expect(all[0].name == "Ada Lovelace (ada)" && all[2].name == "SHA256:first")
      #expect(all[0].orderCount == 2 && all[0].firstOrder == OrderRequest.sample(minute: 1).date && all[0].lastOrder == OrderRequest.sample(minute: 5).date)
      #expect(all[1].orderCount == 0 && all[1].firstOrder == nil)
      #expect(try await http.operate("/admin/customers?after=2&limit=1").decode([CustomerSummary].self).map(\.id) == [first])
      #expect(try await http.operate("/admin/customers?after=\(first)").decode([CustomerSummary].self).map(\.id) == [second])

      let record = try await http.operate("/admin/customers/\(first)").decode(CustomerRecord.self)
      #expect(record.customer.orderCount == 1 && record.addresses.addresses == [.sample] && record.orders.map(\.userId) == [first])
      #expect(try await http.operate("/admin/customers/999").status == 404)
      #expect(try await http.operate("/admin/customers/\(second + 1)").status == 404, "a number no key was given")
      #expect(try await http.operate("/admin/customers?after=-1").status == 400)
    }
  }

  /// A product added with a picture from a file on the server: listed, its picture served, sold
  /// with its stock; edited (a placed order keeps its price); archived (no longer listed or
  /// sold, still named by id), restored; each change audited.
  @Test(arguments: TestDatabase.all)
  func productsAreAddedEditedAndArchived(database: TestDatabase) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let picture = directory.appendingPathComponent("ink.png")
    try #require(DemoCatalogFiles.picture(named: "product-3.png")).write(to: picture)
    let notAPicture = directory.appendingPathComponent("passwd.png")
    try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: notAPicture)
    // A secret that starts like a PNG is still not one: it is never served.
    let startsLikeAPicture = directory.appendingPathComponent("secret.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0A] + Array("DB_PASSWORD=hunter2\n".utf8)).write(to: startsLikeAPicture)

    try await RouteTests.withServer(database, adminToken: Self.adminToken) { http, _ in
      let draft = #"{"title":"Ink, 50 ml","price":8.5,"category":"stationery","description":"Blue-black.","picture":{"file":"\#(picture.path)"},"stock":2}"#
      let added = try await http.operate("/admin/products", method: "POST", body: draft)
      #expect(added.status == 200, "\(added.error ?? "")")
      let product = try added.decode(Product.self)
      #expect(product.id == 21 && product.title == "Ink, 50 ml" && product.price == Money(cents: 850))
      #expect(product.imageURL.hasPrefix("/img/upload-"), "\(product.imageURL)")
      let listed = try await http.get("/products").decode([Product].self)
      #expect(listed.contains { $0.id == 21 }, "listed at once by the instance that took the change")
      let served = try await http.get(product.imageURL)
      #expect(served.status == 200 && served.body == DemoCatalogFiles.picture(named: "product-3.png"))
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[21] == 2)

      let order = try await http.order(.sample(21, quantity: 2)).decode(StoredOrder.self)
      #expect(order.products == [.init(productId: 21, quantity: 2, price: Money(cents: 850))], "at the price it was placed at")
      let edit = #"{"title":"Ink, 50 ml","price":9.75,"category":"inks","description":"Blue-black."}"#
      let edited = try await http.operate("/admin/products/21", method: "PUT", body: edit).decode(Product.self)
      #expect(edited.price == Money(cents: 975) && edited.category == "inks" && edited.imageURL == product.imageURL, "the picture kept")
      #expect(try await http.get("/products/categories").decode([String].self).contains("inks"))
      #expect(try await http.operate("/admin/orders/\(order.id)").decode(StoredOrder.self).products == order.products, "the order as it was placed")

      #expect(try await http.operate("/admin/products/21/archive", method: "POST", body: "{}").decode(CatalogEntry.self).archived)
      #expect(try await !http.get("/products").decode([Product].self).contains { $0.id == 21 }, "no longer listed")
      #expect(try await http.get("/products/21").status == 200, "still named by its id")
      let refused = try await http.order(.sample(21, minute: 9))
      #expect(refused.status == 409 && refused.error == "Ink, 50 ml is no longer sold", "no longer sold, said as what changed")
      #expect(try await http.get("/shop/stock").decode(StockLevels.self)[21] == nil, "nor its stock shown to shoppers")
      #expect(try await !http.operate("/admin/products/21/restore", method: "POST", body: "{}").decode(CatalogEntry.self).archived)
      #expect(try await http.get("/products").decode([Product].self).contains { $0.id == 21 })

      let entries = try await http.operate("/admin/products").decode([CatalogEntry].self)
      #expect(entries.count == 21 && entries.last?.stock == 0)
      let audit = try await http.operate("/admin/audit").decode([AuditEntry].self).map(\.change)
      #expect(audit == ["restored", "archived", "edited", "added"])

      for (body, why) in [
        (#"{"title":"","price":1,"category":"x"}"#, "title: Needed"),
        (#"{"title":"A","price":0,"category":"x"}"#, "price: From $0.01 to $100,000.00"),
        (#"{"title":"A\u001b[2J","price":1,"category":"x"}"#, "title: No control or invisible formatting characters"),
        (#"{"title":"A","price":1,"category":"x","picture":{"url":"file:///etc/passwd"}}"#, "picture: A full path on the store's server (/…), or an http or https address without spaces or a user name"),
        (#"{"title":"A","price":1,"category":"x","picture":{"file":"\#(notAPicture.path)"}}"#, "picture: \(notAPicture.path) \(Self.notAPicture)"),
        (#"{"title":"A","price":1,"category":"x","picture":{"file":"/etc"}}"#, "picture: /etc \(Self.notAPicture)"),
        (#"{"title":"A","price":1,"category":"x","picture":{"file":"\#(startsLikeAPicture.path)"}}"#, "picture: \(startsLikeAPicture.path) \(Self.notAPicture)"),
        (#"{"title":"A","price":1,"category":"x","picture":{"file":"/proc/self/pagemap"}}"#, "picture: /proc/self/pagemap \(Self.notAPicture)"),
        (#"{"title":"A","price":1,"category":"x","picture":{"file":"/dev/zero"}}"#, "picture: /dev/zero \(Self.notAPicture)"),
        (#"{"title":"A","price":1,"category":"x","picture":{"url":"https://user:pass@example.com/a.png"}}"#, "picture: A full path on the store's server (/…), or an http or https address without spaces or a user name"),
        (#"{"title":"A","price":1,"category":"x","picture":{"url":"https://example.com/a b.png"}}"#, "picture: A full path on the store's server (/…), or an http or https address without spaces or a user name"),
        (#"{"title":"abc\u202Egnp.exe","price":1,"category":"x"}"#, "title: No control or invisible formatting characters"),
        (#"{"title":"\u200d\u200d","price":1,"category":"x"}"#, "title: Needed"),
        (#"{"title":"\#(String(repeating: "a\u{301}", count: 150))","price":1,"category":"x"}"#, "title: At most 200 characters"),
        (#"{"title":"A","price":1,"category":"x","stock":-1}"#, "stock: From 0 to 1000000, or none for no limit"),
      ] {
        let answer = try await http.operate("/admin/products", method: "POST", body: body)
        #expect(answer.status == 400 && answer.error == why, "\(body): \(answer.error ?? "")")
      }
      #expect(try await http.operate("/admin/products/99", method: "PUT", body: edit).status == 404)
      #expect(try await http.get("/products").decode([Product].self).count == 21, "nothing added by a refusal")
    }
  }

  /// A product added through one instance is listed by the other, which follows the catalog's
  /// version (every second) rather than loading it once. The 20 s allowed only ends a test whose
  /// other instance never looks; how soon it looks is the follow interval's, not this test's.
  @Test func anotherInstanceListsAProductWithoutARestart() async throws {
    guard TestDatabase.all.contains(.postgres) else { return }
    let (location, remove) = try await TestDatabase.postgres.make()
    let first = try await TestServer(location: location, adminToken: Self.adminToken)
    let second = try await TestServer(location: location, adminToken: Self.adminToken)
    do {
      let a = HTTP(baseURL: first.baseURL)
      let b = HTTP(baseURL: second.baseURL)
      #expect(try await a.operate("/admin/products", method: "POST", body: #"{"title":"Ink","price":8.5,"category":"inks"}"#).status == 200)
      let start = ContinuousClock.now
      var seen = false
      while !seen, ContinuousClock.now - start < .seconds(20) {
        seen = try await b.get("/products").decode([Product].self).contains { $0.title == "Ink" }
        if !seen { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(seen, "not listed by the other instance after \(ContinuousClock.now - start)")
    } catch {
      Issue.record(error)
    }
    await first.stop()
    await second.stop()
    await remove()
  }

  /// 200 shoppers race for the last 10 units of one product: exactly 10 orders are taken, and
  /// the other 190 are told it is sold out. On PostgreSQL they race through two API instances
  /// at once; SQLite has one.
  @Test(arguments: TestDatabase.all)
  func twoHundredShoppersRacingForTenUnitsBuyExactlyTen(database: TestDatabase) async throws {
    let (location, remove) = try await database.make()
    let instances = [try await TestServer(location: location, adminToken: Self.adminToken)]
      + (database == .postgres ? [try await TestServer(location: location, adminToken: Self.adminToken)] : [])
    do {
      let first = HTTP(baseURL: instances[0].baseURL)
      #expect(try await first.operate("/admin/products/7/stock", method: "PUT", body: #"{"stock":10}"#).status == 200)
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for shopper in 0..<200 {
          let http = HTTP(baseURL: instances[shopper % instances.count].baseURL)
          group.addTask { try await http.order(.sample(7, userId: shopper % 2 + 1, minute: shopper), key: "race-\(shopper)").status }
        }
        return try await group.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
      }
      #expect(statuses == [200: 10, 409: 190], "\(statuses)")
      #expect(try await first.get("/shop/stock").decode(StockLevels.self)[7] == 0)
      let sold = try await first.operate("/admin/orders?limit=500").decode([StoredOrder].self)
      #expect(sold.count == 10 && sold.allSatisfy { $0.products.map(\.productId) == [7] && $0.products.map(\.quantity) == [1] })
    } catch {
      Issue.record(error)
    }
    for instance in instances { await instance.stop() }
    await remove()
  }
}

extension HTTP {
  /// A back-office request: the admin token (or `token`) as its `Authorization`.
  func operate(_ path: String, method: String = "GET", body: String? = nil, token: String = AdminRouteTests.adminToken) async throws -> Answer {
    var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
    request.httpMethod = body == nil ? method : (method == "GET" ? "POST" : method)
    request.httpBody = body.map { Data($0.utf8) }
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
    return try await send(request)
  }

  func operate(_ path: String, body: Data) async throws -> Answer {
    try await operate(path, method: "POST", body: String(decoding: body, as: UTF8.self))
  }
}
