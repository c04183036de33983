import Foundation
import StoreModels

/// What a store sells and who may shop there: loaded into an empty database on the first start,
/// and read back from the database on every start after.
public struct StoreCatalog: Sendable, Equatable {
  public var products: [Product]
  public var customers: [Customer]

  public init(products: [Product], customers: [Customer]) {
    self.products = products
    self.customers = customers
  }

  /// The project's embedded demo catalog and its customers.
  public static func demo() throws -> StoreCatalog {
    StoreCatalog(
      products: try StoreJSON.decoder.decode([Product].self, from: DemoCatalogFiles.products),
      customers: try StoreJSON.decoder.decode([Customer].self, from: DemoCatalogFiles.users)
    )
  }

  /// The catalog at `path`, which is one of:
  /// - a JSON array of products (FakeStore's `GET /products`), sold to the demo customers;
  /// - a JSON object `{"products": [...], "users": [...]}`;
  /// - a directory holding `products.json` and the customers as `users.json` (an array) or
  ///   `user-*.json` files (one customer each), as FakeStore's answers are saved.
  public static func load(from path: String) throws -> StoreCatalog {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CatalogError("no catalog at \(path)")
    }
    if isDirectory.boolValue {
      return try loadDirectory(URL(fileURLWithPath: path))
    }
    let data = try read(URL(fileURLWithPath: path))
    if let products = try? StoreJSON.decoder.decode([Product].self, from: data) {
      return try StoreCatalog(products: products, customers: demo().customers).validated()
    }
    do {
      let file = try StoreJSON.decoder.decode(CatalogFile.self, from: data)
      return try StoreCatalog(products: file.products, customers: file.users ?? demo().customers).validated()
    } catch {
      throw CatalogError("\(path) is neither a list of products nor {\"products\": …, \"users\": …}: \(error)")
    }
  }

  private static func loadDirectory(_ directory: URL) throws -> StoreCatalog {
    let products = try decode([Product].self, from: directory.appendingPathComponent("products.json"))
    let usersFile = directory.appendingPathComponent("users.json")
    var customers: [Customer]
    if FileManager.default.fileExists(atPath: usersFile.path) {
      customers = try decode([Customer].self, from: usersFile)
    } else {
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix("user-") && $0.hasSuffix(".json") }.sorted()
      customers = try names.map { try decode(Customer.self, from: directory.appendingPathComponent($0)) }
    }
    if customers.isEmpty { customers = try demo().customers }
    return try StoreCatalog(products: products, customers: customers).validated()
  }

  /// The catalog, unless two products or two customers share an id or a customer's username,
  /// or a customer holds a number kept for shoppers known by their SSH key (their orders would
  /// be listed as that customer's).
  ///
  /// Each product is held to what the back office allows (``ProductDraft/problems``: a title of
  /// at most 200 visible characters, a category of 50, a description of 5,000, a price from
  /// $0.01 to $100,000): a catalog file is the operator's as the back office is, and a shop
  /// should never be asked to draw a description of a megabyte.
  func validated() throws -> StoreCatalog {
    for product in products {
      let draft = ProductDraft(title: product.title, price: product.price, category: product.category, description: product.description)
      if let (field, problem) = ProductDraft.Field.allCases.lazy.compactMap({ field in draft.problems[field].map { (field, $0) } }).first {
        throw CatalogError("product \(product.id): \(field.rawValue): \(problem)")
      }
    }
    guard Set(products.map(\.id)).count == products.count else { throw CatalogError("two products share an id") }
    guard Set(customers.map(\.id)).count == customers.count else { throw CatalogError("two customers share an id") }
    if let taken = customers.first(where: { Customer.keyShopperNumbers.contains($0.id) }) {
      throw CatalogError("customer \(taken.id): numbers from \(Customer.keyShopperNumbers.lowerBound) up are kept for shoppers known by their SSH key")
    }
    guard Set(customers.map(\.username)).count == customers.count else {
      throw CatalogError("two customers share a username")
    }
    return self
  }

  private struct CatalogFile: Decodable {
    var products: [Product]
    var users: [Customer]?
  }

  /// The most a catalog file may hold: ten thousand products of the back office's largest.
  static let maximumFileBytes = 64 * 1_048_576

  private static func read(_ url: URL) throws -> Data {
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
    } catch {
      throw CatalogError("\(url.path) could not be read: \(error.localizedDescription)")
    }
    guard data.count <= maximumFileBytes else { throw CatalogError("\(url.path) is over \(maximumFileBytes / 1_048_576) MiB") }
    return data
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, from url: URL) throws -> Value {
    do {
      return try StoreJSON.decoder.decode(type, from: read(url))
    } catch let error as CatalogError {
      throw error
    } catch {
      throw CatalogError("\(url.path) is not what a catalog needs: \(error)")
    }
  }
}

/// Why a catalog could not be loaded, in one line.
public struct CatalogError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
