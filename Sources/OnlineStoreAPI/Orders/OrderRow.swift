import Foundation
import StoreModels

/// An order's row as both databases keep it: FakeStore's fields in columns, the lines, the
/// checkout and the status history as JSON text. Orders from before checkout have no checkout
/// (`NULL`) and an empty history.
struct OrderRow {
  var id: Int
  var userId: Int
  var date: String
  var products: String
  var checkout: String?
  var statusHistory: String

  /// The columns, in this order, that every query of orders selects.
  static let columns = "id, user_id, date, products, checkout, status_history"

  var order: StoredOrder {
    get throws {
      guard let parsed = StoreJSON.parseDate(date) else { throw CatalogError("order \(id) has an unreadable date") }
      return StoredOrder(
        id: id, userId: userId, date: parsed, products: try DatabaseJSON.value([OrderRequest.Line].self, products),
        checkout: try checkout.map { try DatabaseJSON.value(OrderCheckout.self, $0) },
        statusHistory: try DatabaseJSON.value([OrderStatusChange].self, statusHistory)
      )
    }
  }

  /// `order` with `change` at the end of its history, or why it may not move there.
  static func moving(_ order: StoredOrder, to change: OrderStatusChange) throws -> StoredOrder {
    guard order.status.canMove(to: change.stage) else {
      throw OrderStatusRejection.notAllowed(from: order.status, to: change.stage)
    }
    var moved = order
    moved.statusHistory.append(change)
    return moved
  }

  /// The audit's line for `order` moved on by `change`.
  static func audit(of order: StoredOrder, movedBy change: OrderStatusChange, actor: String) -> AuditEntry {
    AuditEntry(at: change.at, actor: actor, subject: "order \(order.id)", change: "status", before: order.status.name, after: change.summary)
  }
}
