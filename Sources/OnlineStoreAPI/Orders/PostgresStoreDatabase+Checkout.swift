import Foundation
import Logging
import PostgresNIO
import StoreModels

/// Checkout in PostgreSQL: the same columns and answers as ``SQLiteStoreDatabase``'s.
extension PostgresStoreDatabase {
  /// The third migration: orders from before it keep no checkout and count as placed.
  static func migrateCheckout(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("ALTER TABLE orders ADD COLUMN checkout TEXT", logger: logger)
      try await connection.query("ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'placed'", logger: logger)
      try await connection.query("ALTER TABLE orders ADD COLUMN status_history TEXT NOT NULL DEFAULT '[]'", logger: logger)
      try await connection.query("CREATE INDEX orders_by_status ON orders (status, id)", logger: logger)
      try await connection.query("CREATE TABLE address_books (customer BIGINT PRIMARY KEY, book TEXT NOT NULL)", logger: logger)
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (3)", logger: logger)
    }
  }

  public func changeStatus(of id: Int, to change: OrderStatusChange, by actor: String) async throws -> StoredOrder {
    let logger = self.logger
    // A refusal from inside the transaction is the answer; the transaction was rolled back.
    return try await Self.unwrapped {
      try await client.withTransaction(logger: logger) { connection in
        var found: OrderRow?
        let rows = try await connection.query(
          "SELECT \(unescaped: OrderRow.columns) FROM orders WHERE id = \(id) FOR UPDATE", logger: logger
        )
        for try await row in rows.decode(OrderRow.Columns.self) { found = OrderRow(row) }
        guard let found else { throw OrderStatusRejection.noSuchOrder }
        let order = try found.order
        let moved = try OrderRow.moving(order, to: change)
        try await connection.query(
          "UPDATE orders SET status = \(moved.status.rawValue), status_history = \(try DatabaseJSON.text(moved.statusHistory)) WHERE id = \(id)",
          logger: logger
        )
        if change.stage == .cancelled { try await Self.giveBackStock(of: id, on: connection, logger: logger) }
        try await Self.record(OrderRow.audit(of: order, movedBy: change, actor: actor), on: connection, logger: logger)
        return moved
      }
    }
  }

  public func addressBook(of customer: Int) async throws -> AddressBook {
    for try await text in try await client.query("SELECT book FROM address_books WHERE customer = \(customer)", logger: logger).decode(String.self) {
      return try DatabaseJSON.value(AddressBook.self, text)
    }
    return .empty
  }

  public func saveAddressBook(_ book: AddressBook, of customer: Int) async throws {
    try await client.query(
      """
      INSERT INTO address_books (customer, book) VALUES (\(customer), \(try DatabaseJSON.text(book)))
      ON CONFLICT (customer) DO UPDATE SET book = excluded.book
      """,
      logger: logger
    )
  }
}

extension OrderRow {
  /// The columns of ``OrderRow/columns`` as PostgresNIO decodes them.
  typealias Columns = (Int, Int, String, String, String?, String)

  init(_ columns: Columns) {
    self.init(id: columns.0, userId: columns.1, date: columns.2, products: columns.3, checkout: columns.4, statusHistory: columns.5)
  }
}
