import Foundation
import GRDB
import StoreModels

/// Checkout in SQLite: each order's address, delivery and charges, its status and history, and
/// each customer's address book.
extension SQLiteStoreDatabase {
  /// The third migration: orders from before it keep no checkout and count as placed.
  static func registerCheckout(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("3: checkout, order status, address books") { db in
      try db.execute(
        sql: """
          ALTER TABLE orders ADD COLUMN checkout TEXT;
          ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'placed';
          ALTER TABLE orders ADD COLUMN status_history TEXT NOT NULL DEFAULT '[]';
          CREATE INDEX orders_by_status ON orders (status, id);
          CREATE TABLE address_books (customer INTEGER PRIMARY KEY, book TEXT NOT NULL);
          """
      )
    }
  }

  public func changeStatus(of id: Int, to change: OrderStatusChange, by actor: String) async throws -> StoredOrder {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT \(OrderRow.columns) FROM orders WHERE id = ?", arguments: [id]) else {
        throw OrderStatusRejection.noSuchOrder
      }
      let order = try Self.orderRow(row).order
      let moved = try OrderRow.moving(order, to: change)
      try db.execute(
        sql: "UPDATE orders SET status = ?, status_history = ? WHERE id = ?",
        arguments: [moved.status.rawValue, try DatabaseJSON.text(moved.statusHistory), id]
      )
      if change.stage == .cancelled { try Self.giveBackStock(of: id, in: db) }
      try Self.record(OrderRow.audit(of: order, movedBy: change, actor: actor), in: db)
      return moved
    }
  }

  public func addressBook(of customer: Int) async throws -> AddressBook {
    try await pool.read { db in
      try String.fetchOne(db, sql: "SELECT book FROM address_books WHERE customer = ?", arguments: [customer])
        .map { try DatabaseJSON.value(AddressBook.self, $0) } ?? .empty
    }
  }

  public func saveAddressBook(_ book: AddressBook, of customer: Int) async throws {
    let text = try DatabaseJSON.text(book)
    try await pool.write { db in
      try db.execute(
        sql: "INSERT INTO address_books (customer, book) VALUES (?, ?) ON CONFLICT (customer) DO UPDATE SET book = excluded.book",
        arguments: [customer, text]
      )
    }
  }

  static func orderRow(_ row: Row) -> OrderRow {
    OrderRow(
      id: row["id"], userId: row["user_id"], date: row["date"], products: row["products"], checkout: row["checkout"],
      statusHistory: row["status_history"]
    )
  }
}
