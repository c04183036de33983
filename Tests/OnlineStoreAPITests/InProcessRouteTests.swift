import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import OnlineStoreAPI
import StoreModels
import Testing

/// The server's router driven in process through HummingbirdTesting (``APIServer/buildRouter(database:catalog:)``):
/// the routes and their protection without a socket or a port. The bounds on slow and greedy
/// clients live in the server's channel, so HardeningTests keeps real sockets for those.
struct InProcessRouteTests {
  @Test func theCatalogIsOpenAndTheCustomersAndTheBackOfficeAskForTheirTokens() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { throw TestFailure("not a SQLite location: \(location)") }
    var configuration = APIServer.Configuration()
    configuration.token = HardeningTests.token
    configuration.adminToken = AdminRouteTests.adminToken
    let database = try SQLiteStoreDatabase(path: path)
    let catalog = try await database.prepare(loading: StoreCatalog.demo())
    let (router, _) = try APIServer(configuration: configuration, logger: Logger(label: "test")).buildRouter(database: database, catalog: catalog)
    let app = Application(router: router)
    try await app.test(.router) { client in
      let products = try await client.execute(uri: "/products", method: .get)
      #expect(products.status == .ok)
      #expect(try StoreJSON.decoder.decode([Product].self, from: Data(buffer: products.body)).count == catalog.products.count)
      #expect(try await client.execute(uri: "/users", method: .get).status == .unauthorized, "a customer's route asks for the token")
      let users = try await client.execute(uri: "/users", method: .get, headers: [.authorization: "Bearer \(HardeningTests.token)"])
      #expect(users.status == .ok)
      let admin = try await client.execute(uri: "/admin/orders", method: .get, headers: [.authorization: "Bearer \(HardeningTests.token)"])
      #expect(admin.status == .unauthorized, "the shop's token never opens the back office")
      #expect(try await client.execute(uri: "/_bench/hello", method: .get).status == .notFound)
    }
    await database.close()
    await remove()
  }
}
