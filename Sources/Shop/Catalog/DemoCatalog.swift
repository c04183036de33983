import Foundation

/// The project's own demo catalog and customers (``DemoCatalogFiles``), decoded with the same
/// decoder as live answers, so the demo exercises the same paths.
public enum DemoCatalog {
  /// The demo products.
  public static func products() throws(APIError) -> [Product] {
    try ResponseDecoding.decode(
      [Product].self, from: DemoCatalogFiles.products, notFound: "products"
    )
  }

  /// The demo customer with this id.
  public static func user(id: Int) throws(APIError) -> UserProfile {
    let users = try ResponseDecoding.decode(
      [UserProfile].self, from: DemoCatalogFiles.users, notFound: "users"
    )
    guard let user = users.first(where: { $0.id == id }) else { throw .notFound("user \(id)") }
    return user
  }
}
