import Foundation
import StoreModels

/// The catalog as JSON, encoded once at start: products and customers never change through the
/// API, and encoding twenty products for every `GET /products` cost more than everything else
/// the request does (Docs/Benchmarks.md, "The API server": 5,900 against 44,700 requests/s).
struct EncodedCatalog: Sendable {
  /// One encoded product or customer, with the id the list routes sort by.
  struct Item: Identifiable, Sendable {
    let id: Int
    let json: Data
  }

  let products: [Item]
  let productsByCategory: [String: [Item]]
  let categories: Data
  let customers: [Item]
  /// `GET /products` without a query: the answer most clients ask for, ready as a whole.
  let allProducts: Data

  /// `publicBase` is where this server is reached from outside: pictures of the catalog are
  /// pointed there (``CatalogPictures/rewrite(_:publicBase:)``).
  init(_ catalog: StoreCatalog, publicBase: String? = nil) throws {
    let encoder = StoreJSON.encoder
    products = try catalog.products.sorted { $0.id < $1.id }.map {
      Item(id: $0.id, json: try encoder.encode(CatalogPictures.rewrite($0, publicBase: publicBase)))
    }
    customers = try catalog.customers.sorted { $0.id < $1.id }.map { Item(id: $0.id, json: try encoder.encode($0)) }
    var byCategory: [String: [Item]] = [:]
    for (product, item) in zip(catalog.products.sorted { $0.id < $1.id }, products) {
      byCategory[product.category, default: []].append(item)
    }
    productsByCategory = byCategory
    var seen: Set<String> = []
    categories = try encoder.encode(catalog.products.map(\.category).filter { seen.insert($0).inserted })
    allProducts = Self.array(products)
  }

  /// `[item,item,…]`.
  static func array(_ items: some Collection<Item>) -> Data {
    var data = Data("[".utf8)
    data.reserveCapacity(items.reduce(2) { $0 + $1.json.count + 1 })
    for (index, item) in items.enumerated() {
      if index > 0 { data.append(UInt8(ascii: ",")) }
      data.append(item.json)
    }
    data.append(UInt8(ascii: "]"))
    return data
  }
}
