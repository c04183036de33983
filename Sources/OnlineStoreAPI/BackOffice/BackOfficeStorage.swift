import Foundation
import StoreModels

/// What the back office keeps beside the orders: each product's stock and the audit of every
/// change an operator made. Both databases implement it with the same answers.
public protocol BackOfficeStorage: Sendable {
  /// Every product's stock, `nil` for one without a limit.
  func stock() async throws -> [Int: Int?]

  /// Sets product `id`'s stock as `setting` asks and writes the change to the audit table
  /// under `actor`, in one transaction; returns the stock before and after. Throws
  /// ``StockRejection/noSuchProduct`` when there is none.
  func setStock(of id: Int, _ setting: StockSetting, by actor: String, at time: Date) async throws -> StockChange

  /// The audit's newest `limit` entries, numbered below `before` when given.
  func audit(limit: Int, before: Int?) async throws -> [AuditEntry]

  /// The newest order's number and the newest audit entry's: a console asks often, and looks
  /// further only when one of them moved.
  func pulse() async throws -> BackOfficePulse

  /// The keys given customer numbers above `after`, in number order, at most `limit`.
  func keyCustomers(after: Int, limit: Int) async throws -> [KeyCustomerRow]

  /// How much each of `customers` has ordered, and when first and last; a customer with no
  /// orders is left out.
  func activity(of customers: [Int]) async throws -> [Int: CustomerActivity]
}

/// A key and the customer number it was given.
public struct KeyCustomerRow: Hashable, Sendable {
  public var number: Int
  public var fingerprint: String
}

/// A product's stock before and after a change.
public struct StockChange: Hashable, Sendable, Codable {
  public var productId: Int
  public var before: Int?
  public var after: Int?
}

public enum StockRejection: Error, Equatable {
  case noSuchProduct
}

/// What the audit says of a stock: a count, or "no limit".
enum StockWording {
  static func text(_ stock: Int?) -> String { stock.map(String.init) ?? "no limit" }
}
