import Foundation

/// The project's own demo catalog and customers, in the FakeStore API's JSON shape, compiled
/// into every binary that links this module (`demo-catalog.json`, `demo-users.json`), so that
/// a copied binary still has them.
public enum DemoCatalogFiles {
  /// `GET /products` of the demo store.
  public static var products: Data { Data(PackageResources.demo_catalog_json) }
  /// `GET /users` of the demo store, passwords included (they are demo passwords).
  public static var users: Data { Data(PackageResources.demo_users_json) }
}
