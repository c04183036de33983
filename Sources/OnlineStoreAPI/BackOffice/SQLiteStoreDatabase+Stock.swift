import Foundation
import GRDB
import StoreModels

/// Stock and the audit in SQLite. Orders are stored in write transactions, and SQLite runs one
/// write transaction at a time, so reading what is left and taking it cannot be overtaken by
/// another order: the count stays exact without row locks.
extension SQLiteStoreDatabase {
  /// The fourth migration: every product starts with no limit, every order having taken
  /// nothing.
  static func registerStock(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("4: stock, audit") { db in
      try db.execute(
        sql: """
          ALTER TABLE products ADD COLUMN stock INTEGER;
          ALTER TABLE orders ADD COLUMN stock_taken TEXT NOT NULL DEFAULT '[]';
          CREATE TABLE audit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            subject TEXT NOT NULL,
            change TEXT NOT NULL,
            before TEXT,
            after TEXT
          );
          """
      )
    }
  }

  /// Takes `order`'s units from the products that have a stock, in the open transaction: all
  /// of them, or — when a line wants more than is left — none, and says which lines.
  static func takeStock(for order: NewOrder, in db: Database) throws -> Result<[OrderRequest.Line], OrderRejection> {
    var taken: [OrderRequest.Line] = []
    var shortages: [StockShortage] = []
    let read = try db.cachedStatement(sql: "SELECT stock FROM products WHERE id = ?")
    for line in order.products {
      guard let left = try Int?.fetchOne(read, arguments: [line.productId]) ?? nil else { continue }
      if left < line.quantity {
        shortages.append(StockShortage(productId: line.productId, wanted: line.quantity, left: left))
      } else {
        taken.append(OrderRequest.Line(productId: line.productId, quantity: line.quantity))
      }
    }
    guard shortages.isEmpty else { return .failure(.outOfStock(shortages)) }
    let take = try db.cachedStatement(sql: "UPDATE products SET stock = stock - ? WHERE id = ?")
    for line in taken { try take.execute(arguments: [line.quantity, line.productId]) }
    return .success(taken)
  }

  /// Gives order `id`'s taken units back to their products (those that still have a stock) and
  /// marks it as having taken nothing, in the open transaction.
  static func giveBackStock(of id: Int, in db: Database) throws {
    let text = try String.fetchOne(db, sql: "SELECT stock_taken FROM orders WHERE id = ?", arguments: [id]) ?? "[]"
    for line in try DatabaseJSON.value([OrderRequest.Line].self, text) {
      try db.execute(
        sql: "UPDATE products SET stock = MIN(stock + ?, ?) WHERE id = ? AND stock IS NOT NULL",
        arguments: [line.quantity, StockSetting.maximum, line.productId]
      )
    }
    try db.execute(sql: "UPDATE orders SET stock_taken = '[]' WHERE id = ?", arguments: [id])
  }

  static func record(_ entry: AuditEntry, in db: Database) throws {
    let entry = entry.bounded
    try db.execute(
      sql: "INSERT INTO audit (at, actor, subject, change, before, after) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [StoreJSON.format(entry.at), entry.actor, entry.subject, entry.change, entry.before, entry.after]
    )
  }

  public func stock() async throws -> [Int: Int?] {
    try await pool.read { db in
      var stock: [Int: Int?] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, stock FROM products") { stock[row["id"]] = .some(row["stock"]) }
      return stock
    }
  }

  public func setStock(of id: Int, _ setting: StockSetting, by actor: String, at time: Date) async throws -> StockChange {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT stock FROM products WHERE id = ?", arguments: [id]) else {
        throw StockRejection.noSuchProduct
      }
      let before: Int? = row["stock"]
      let after = setting.applied(to: before)
      // A change that changes nothing is not one: nothing to write or audit.
      guard after != before else { return StockChange(productId: id, before: before, after: after) }
      try db.execute(sql: "UPDATE products SET stock = ? WHERE id = ?", arguments: [after, id])
      try Self.record(
        AuditEntry(
          at: time, actor: actor, subject: "product \(id)", change: "stock", before: StockWording.text(before), after: StockWording.text(after)
        ),
        in: db
      )
      return StockChange(productId: id, before: before, after: after)
    }
  }

  public func audit(limit: Int, before: Int?) async throws -> [AuditEntry] {
    try await pool.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?", arguments: [before ?? Int64.max, limit]
      ).map { row in
        AuditEntry(
          id: row["id"], at: StoreJSON.parseDate(row["at"]) ?? .distantPast, actor: row["actor"], subject: row["subject"],
          change: row["change"], before: row["before"], after: row["after"]
        )
      }
    }
  }

  public func pulse() async throws -> BackOfficePulse {
    try await pool.read { db in
      BackOfficePulse(
        newestOrder: try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM orders") ?? 0,
        newestAudit: try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM audit") ?? 0
      )
    }
  }

  public func keyCustomers(after: Int, limit: Int) async throws -> [KeyCustomerRow] {
    try await pool.read { db in
      try Row.fetchAll(db, sql: "SELECT number, fingerprint FROM key_customers WHERE number > ? ORDER BY number LIMIT ?", arguments: [after, limit])
        .map { KeyCustomerRow(number: $0["number"], fingerprint: $0["fingerprint"]) }
    }
  }

  public func activity(of customers: [Int]) async throws -> [Int: CustomerActivity] {
    guard !customers.isEmpty else { return [:] }
    return try await pool.read { db in
      let marks = Array(repeating: "?", count: customers.count).joined(separator: ", ")
      let rows = try Row.fetchAll(
        db, sql: "SELECT user_id, COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM orders WHERE user_id IN (\(marks)) GROUP BY user_id",
        arguments: StatementArguments(customers)
      )
      var activity: [Int: CustomerActivity] = [:]
      for row in rows {
        activity[row["user_id"]] = CustomerActivity(
          orderCount: row["n"], firstOrder: StoreJSON.parseDate(row["first"]), lastOrder: StoreJSON.parseDate(row["last"])
        )
      }
      return activity
    }
  }
}
