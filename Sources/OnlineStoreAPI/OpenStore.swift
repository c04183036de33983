import Hummingbird
import StoreModels

/// A store ready to be served: its database open, its catalog loaded, its router built, and the
/// instance following what other instances on the same database save. ``APIServer/run(handlingSignals:onReady:)``
/// serves its router on a socket; a test drives the same router in process with
/// HummingbirdTesting. ``close()`` it when done. (Not `Sendable`: Hummingbird's `Router` is not;
/// it is built, then served, in one task.)
public struct OpenStore {
  /// The middleware and the store's routes behind their tokens.
  public let router: Router<BasicRequestContext>
  public let routes: StoreRoutes
  let database: any StoreDatabase
  /// Work beside the requests: hearing other instances' saves and catalog changes.
  let background: [Task<Void, Never>]

  /// Stops hearing other instances, waits for that, then closes the database: closing it while
  /// one of them reads would wait for that read, and the read for a thread the close holds.
  public func close() async {
    for task in background { task.cancel() }
    for task in background { await task.value }
    await database.close()
  }
}

extension APIServer {
  /// Opens the database, loads the catalog into it if it is empty, builds the router and starts
  /// following other instances on the same database.
  public func openStore() async throws -> OpenStore {
    let database = try openDatabase()
    do {
      let catalog = try await database.prepare(loading: configuration.catalog ?? StoreCatalog.demo())
      let (router, routes) = try buildRouter(database: database, catalog: catalog)
      let background = [
        // Saves through other instances on the same database wake this one's waiting requests.
        Task { for await customer in database.cartsSavedElsewhere() { routes.cartSavedElsewhere(customer) } },
        // Catalog changes made through other instances on the same database are served here too.
        Task { await routes.followCatalog() },
        // Shoppers waiting for the stock to change hear changes made through any instance.
        Task { await routes.followStock() },
      ]
      return OpenStore(router: router, routes: routes, database: database, background: background)
    } catch {
      await database.close()
      throw error
    }
  }
}
