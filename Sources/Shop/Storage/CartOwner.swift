import Foundation
import StoreModels

/// Whose cart, at which store: a saved cart belongs to exactly one of each.
///
/// The same product id means different products at different stores (the embedded catalog's
/// product 3 is not FakeStore's product 3), so a cart is never carried from one store to another.
public struct CartOwner: Hashable, Sendable {
  /// The store: `embedded`, or an API's normalised base URL.
  public var store: String
  /// The customer as their cart's file is named: `user-1` for customer number 1 (`--user 1`),
  /// `key-SHA256:…` for a shopper of `onlinestore serve` with that SSH key (`--customer`).
  public var customerName: String

  public init(store: String, customerName: String) {
    self.store = store
    self.customerName = customerName
  }

  /// Customer number `customer` of the embedded demo catalog.
  public static func embedded(customer: Customer.ID) -> CartOwner {
    CartOwner(store: "embedded", customerName: "user-\(customer)")
  }

  /// Customer number `customer` of the API at `baseURL`.
  public static func api(_ baseURL: URL, customer: Customer.ID) -> CartOwner {
    CartOwner(store: normalizedStore(baseURL), customerName: "user-\(customer)")
  }

  /// `scheme://host[:port]/path`, with the scheme and host in lower case, the scheme's default
  /// port and any trailing slash left out, and no query or fragment: the spellings of one base
  /// URL that reach the same store give the same string.
  public static func normalizedStore(_ url: URL) -> String {
    let scheme = (url.scheme ?? "http").lowercased()
    let host = (url.host ?? "").lowercased()
    let defaultPort = scheme == "https" ? 443 : 80
    let port = url.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
    var path = url.path
    while path.hasSuffix("/") { path.removeLast() }
    return "\(scheme)://\(host)\(port)\(path)"
  }

  /// Where this owner's cart lives below the carts directory: `<store>/<customer>.json`, each
  /// part escaped (``FileName/escaped(_:)``) so that every owner has its own file and none can
  /// step out of the directory.
  public var relativePath: String {
    "\(FileName.escaped(store))/\(FileName.escaped(customerName)).json"
  }
}
