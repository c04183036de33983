import Foundation

/// One customer as the back office lists them: an account of the catalog or an SSH key the
/// store gave a number, with when they first and last ordered.
public struct CustomerSummary: Hashable, Sendable, Codable, Identifiable {
  public enum Kind: String, Hashable, Sendable, Codable {
    case account
    case key
  }

  /// The customer number orders are placed under.
  public var id: Int
  public var kind: Kind
  /// An account's name and username ("Ada Lovelace (ada)"), or a key's fingerprint.
  public var name: String
  public var orderCount: Int
  public var firstOrder: Date?
  public var lastOrder: Date?

  public init(id: Int, kind: Kind, name: String, orderCount: Int = 0, firstOrder: Date? = nil, lastOrder: Date? = nil) {
    self.id = id
    self.kind = kind
    self.name = name
    self.orderCount = orderCount
    self.firstOrder = firstOrder
    self.lastOrder = lastOrder
  }
}

/// One customer opened in the back office: who they are, the addresses they keep, and their
/// newest orders.
public struct CustomerRecord: Hashable, Sendable, Codable {
  public var customer: CustomerSummary
  public var addresses: AddressBook
  public var orders: [StoredOrder]

  public init(customer: CustomerSummary, addresses: AddressBook, orders: [StoredOrder]) {
    self.customer = customer
    self.addresses = addresses
    self.orders = orders
  }
}

/// How much one customer has ordered, and when first and last.
public struct CustomerActivity: Hashable, Sendable {
  public var orderCount: Int
  public var firstOrder: Date?
  public var lastOrder: Date?

  public init(orderCount: Int, firstOrder: Date?, lastOrder: Date?) {
    self.orderCount = orderCount
    self.firstOrder = firstOrder
    self.lastOrder = lastOrder
  }
}
