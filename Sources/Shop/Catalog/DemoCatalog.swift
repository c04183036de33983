import Foundation

/// The project's own demo catalog and customers, compiled into the binary from
/// `demo-catalog.json` and `demo-users.json` (the FakeStore API's JSON shape).
///
/// They are embedded in code rather than shipped as a resource bundle so that the `onlinestore`
/// binary works wherever it is copied, and decoded with the same decoder as live answers, so the
/// demo exercises the same paths.
public enum DemoCatalog {
  /// The demo products.
  public static func products() throws(APIError) -> [Product] {
    try ResponseDecoding.decode(
      [Product].self, from: Data(PackageResources.demo_catalog_json), notFound: "products"
    )
  }

  /// The demo customer with this id.
  public static func user(id: Int) throws(APIError) -> UserProfile {
    let users = try ResponseDecoding.decode(
      [UserProfile].self, from: Data(PackageResources.demo_users_json), notFound: "users"
    )
    guard let user = users.first(where: { $0.id == id }) else { throw .notFound("user \(id)") }
    return user
  }
}
