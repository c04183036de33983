import Foundation
import StoreModels

/// Where the API server keeps its catalog, its orders, and (``OpenCartStorage``) the open carts
/// and key customers of the store's hosts. The routes know only this; SQLite
/// (``SQLiteStoreDatabase``) and PostgreSQL (``PostgresStoreDatabase``) implement it, with the
/// same schema and the same answers.
public protocol StoreDatabase: OpenCartStorage, BackOfficeStorage, CatalogStorage {
  /// Creates or migrates the schema, loads `catalog` if the database has none yet, and returns
  /// the catalog the database holds (the one loaded on its first start).
  func prepare(loading catalog: StoreCatalog) async throws -> StoreCatalog

  /// Stores `order` durably before returning — or, when its idempotency key was used before,
  /// returns the order stored then and stores nothing. The units of its products that have a
  /// stock are taken in the same transaction that stores it; when one has fewer left than the
  /// order wants, nothing is stored or taken and it throws ``OrderRejection/outOfStock(_:)``.
  func place(_ order: NewOrder) async throws -> PlacedOrder

  /// The order stored earlier under `order`'s idempotency key, if there is one (and it is this
  /// order; another order under the key is ``OrderRejection/keyReusedForAnotherOrder``). Stores
  /// nothing: a retry is answered this way even when a new order would be refused.
  func replay(_ order: NewOrder) async throws -> StoredOrder?

  /// The orders that `filter` selects.
  func orders(_ filter: OrderFilter) async throws -> [StoredOrder]

  func order(id: Int) async throws -> StoredOrder?

  /// Moves order `id` on to `change`'s stage and returns it as it is now, with the change in the
  /// audit table under `actor`. Throws ``OrderStatusRejection`` when there is no such order or it
  /// cannot move there from where it is; two changes at once take turns, so each is checked
  /// against the other's result. A cancelled order's units go back to stock in the same
  /// transaction.
  func changeStatus(of id: Int, to change: OrderStatusChange, by actor: String) async throws -> StoredOrder

  /// A customer's address book (``AddressBook/empty`` when they have none).
  func addressBook(of customer: Int) async throws -> AddressBook

  /// Replaces a customer's address book.
  func saveAddressBook(_ book: AddressBook, of customer: Int) async throws

  /// Releases connections and files.
  func close() async
}

/// An order that passed validation, ready to store.
public struct NewOrder: Sendable, Equatable {
  public var userId: Int
  /// When it was ordered: the date the client sent, or the time it arrived.
  public var date: Date
  public var products: [OrderRequest.Line]
  public var idempotencyKey: String?
  /// The date as the client sent it, `nil` when it sent none. The fingerprint is made of what
  /// was sent, so a retry without a date is the same order, not a different one dated later.
  public var sentDate: Date?
  /// Where it ships and what it costs, for an order from checkout.
  public var checkout: OrderCheckout?

  public init(
    userId: Int, date: Date, products: [OrderRequest.Line], idempotencyKey: String?, sentDate: Date?, checkout: OrderCheckout? = nil
  ) {
    self.userId = userId
    self.date = date
    self.products = products
    self.idempotencyKey = idempotencyKey
    self.sentDate = sentDate
    self.checkout = checkout
  }

  /// The order as sent, in a canonical form: two requests with the same key must carry the same
  /// one. (Orders stored before version 1.2 were fingerprinted with the date they were given;
  /// for those that came with a date, that is the same text. An order with no address has the
  /// fingerprint it had before checkout; the address and delivery are part of one that has.)
  public var fingerprint: String {
    let lines = products.map { "\($0.productId)x\($0.quantity)" }.joined(separator: ",")
    let plain = "\(userId)|\(sentDate.map(StoreJSON.format) ?? "no date")|\(lines)"
    guard let checkout else { return plain }
    // The address's fields joined by the unit separator, which no field may hold (control
    // characters are refused), so two different addresses never read the same.
    let address = ShippingAddress.Field.allCases.map { checkout.shipping[$0] }.joined(separator: "\u{1F}")
    return plain + "|\(checkout.delivery.rawValue)|\(address)"
  }

  /// The order as it is stored, with the number `id` it was given.
  func stored(as id: Int) -> StoredOrder {
    StoredOrder(id: id, userId: userId, date: date, products: products, checkout: checkout)
  }
}

/// The answer to ``StoreDatabase/place(_:)``.
public struct PlacedOrder: Sendable, Equatable {
  public var order: StoredOrder
  /// `false` when an earlier request with the same idempotency key stored it.
  public var isNew: Bool
}

/// Why an order was not placed, besides the database failing.
public enum OrderRejection: Error, Equatable {
  /// The idempotency key came before with a different order.
  case keyReusedForAnotherOrder
  /// These lines want more than is left.
  case outOfStock([StockShortage])
}

/// Why a status change was refused.
public enum OrderStatusRejection: Error, Equatable {
  case noSuchOrder
  case notAllowed(from: OrderStage, to: OrderStage)
}

/// Which orders to list, and in which order.
public struct OrderFilter: Sendable, Equatable {
  public var userId: Int?
  /// Orders dated at or after this.
  public var start: Date?
  /// Orders dated before this.
  public var end: Date?
  public var limit: Int?
  public var newestFirst: Bool
  /// Orders at this stage only.
  public var status: OrderStage?
  /// Orders numbered below this: the next page of a list newest first.
  public var before: Int?
  /// The order with this number, or the orders of the customer with it: what an operator
  /// types to find one.
  public var numberOrCustomer: Int?
  /// Newest by number rather than by date (a client's own): the back office's order, which
  /// pages by number with ``before`` and finds a new order at the top whatever date it carries.
  public var byNumber = false

  public init(
    userId: Int? = nil, start: Date? = nil, end: Date? = nil, limit: Int? = nil, newestFirst: Bool = false, status: OrderStage? = nil,
    before: Int? = nil, numberOrCustomer: Int? = nil
  ) {
    self.userId = userId
    self.start = start
    self.end = end
    self.limit = limit
    self.newestFirst = newestFirst
    self.status = status
    self.before = before
    self.numberOrCustomer = numberOrCustomer
  }
}
