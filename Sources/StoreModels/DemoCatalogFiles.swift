import Foundation

/// The project's own demo catalog and customers, in the FakeStore API's JSON shape, compiled
/// into every binary that links this module (`demo-catalog.json`, `demo-users.json`), so that
/// a copied binary still has them.
public enum DemoCatalogFiles {
  /// `GET /products` of the demo store.
  public static var products: Data { Data(PackageResources.demo_catalog_json) }
  /// `GET /users` of the demo store, passwords included (they are demo passwords).
  public static var users: Data { Data(PackageResources.demo_users_json) }

  /// The demo products' pictures by file name (`product-7.png`), drawn by
  /// `Catalog/Pictures/draw-pictures.py`: the project's own, 96 × 96 pixels.
  public static func picture(named name: String) -> Data? {
    pictures[name].map { Data($0) }
  }

  /// The names of the demo products' pictures, as the catalog's `image` fields give them.
  public static var pictureNames: [String] { pictures.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }

  private static let pictures: [String: [UInt8]] = [
    "product-1.png": PackageResources.product_1_png, "product-2.png": PackageResources.product_2_png, "product-3.png": PackageResources.product_3_png,
    "product-4.png": PackageResources.product_4_png, "product-5.png": PackageResources.product_5_png, "product-6.png": PackageResources.product_6_png,
    "product-7.png": PackageResources.product_7_png, "product-8.png": PackageResources.product_8_png, "product-9.png": PackageResources.product_9_png,
    "product-10.png": PackageResources.product_10_png, "product-11.png": PackageResources.product_11_png, "product-12.png": PackageResources.product_12_png,
    "product-13.png": PackageResources.product_13_png, "product-14.png": PackageResources.product_14_png, "product-15.png": PackageResources.product_15_png,
    "product-16.png": PackageResources.product_16_png, "product-17.png": PackageResources.product_17_png, "product-18.png": PackageResources.product_18_png,
    "product-19.png": PackageResources.product_19_png, "product-20.png": PackageResources.product_20_png,
  ]
}
