import Foundation
import StoreModels

/// What a database keeps for the store's several hosts beside the orders: each customer's open
/// cart and the customer numbers of SSH keys. ``SQLiteStoreDatabase`` (one host) and
/// ``PostgresStoreDatabase`` (any number of API instances on one server) implement it.
public protocol OpenCartStorage: Sendable {
  /// The open cart of `customer`: empty, at revision 0, when they have none.
  func openCart(of customer: Int) async throws -> SavedCart

  /// Applies `changes` to `customer`'s open cart in one transaction — another host's changes to
  /// other lines stay — and returns the cart as saved, one revision on. Throws
  /// ``CartRejection/tooManyLines`` rather than keep a cart past ``CartBounds/maximumLines``.
  func applyToOpenCart(of customer: Int, _ changes: CartChanges) async throws -> SavedCart

  /// The customer number of the key `fingerprint`, registered now if the key is new — unless
  /// `origin` (the client's address, per /64 for IPv6) brought `newKeysPerHour` new keys in the
  /// hour before `now`. A number is never given twice, whichever instance asks.
  func keyCustomer(fingerprint: String, origin: String, now: Date, newKeysPerHour: Int) async throws -> KeyCustomerAnswer

  /// Whether `number` was given to a key (by ``keyCustomer(fingerprint:origin:now:newKeysPerHour:)``).
  func isKeyCustomer(_ number: Int) async throws -> Bool

  /// The customers whose open cart was saved through another API instance, as each is heard of,
  /// until the iterating task is cancelled. A database only one instance uses hears nothing.
  func cartsSavedElsewhere() -> AsyncStream<Int>
}

/// The answer to ``OpenCartStorage/keyCustomer(fingerprint:origin:now:newKeysPerHour:)``.
public enum KeyCustomerAnswer: Sendable, Equatable {
  case known(Int)
  case registered(Int)
  /// Too many new keys came from this origin in the last hour.
  case tooManyNewKeys
}

/// Why changes to an open cart were not saved, besides the database failing.
public enum CartRejection: Error, Equatable {
  case tooManyLines
}

extension SavedCart {
  /// `self` with `changes` applied, or why not: the bounds every open cart keeps.
  func applyingWithinBounds(_ changes: CartChanges) throws(CartRejection) -> SavedCart {
    let merged = applying(changes)
    guard merged.quantities.count <= CartBounds.maximumLines else { throw .tooManyLines }
    return merged
  }

  /// A stored open cart's text, or the empty cart for no row.
  static func stored(_ text: String?) throws -> SavedCart {
    guard let text else { return .empty }
    return try DatabaseJSON.value(SavedCart.self, text)
  }
}
