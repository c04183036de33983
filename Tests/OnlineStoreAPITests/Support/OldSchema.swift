import Foundation
import Logging
@testable import OnlineStoreAPI
import StoreModels

/// A database as the server left it before checkout (schema version 2): the earlier migrations
/// only, and one order written with the columns that version wrote.
enum OldSchema {
  static let key = "before-checkout"
  static let order = OrderRequest(userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000), products: [.init(productId: 3, quantity: 2)])

  static func write(_ location: DatabaseLocation) async throws {
    let row = NewOrder(userId: order.userId, date: order.date, products: order.products, idempotencyKey: key, sentDate: order.date)
    let products = String(decoding: try StoreJSON.encoder.encode(order.products), as: UTF8.self)
    let date = StoreJSON.format(order.date)
    switch location {
    case let .sqlite(path):
      let database = try SQLiteStoreDatabase(path: path)
      try database.migrate(through: 2)
      try await database.pool.write { db in
        try db.execute(
          sql: "INSERT INTO orders (user_id, date, products, idempotency_key, fingerprint) VALUES (?, ?, ?, ?, ?)",
          arguments: [row.userId, date, products, key, row.fingerprint]
        )
      }
      await database.close()
    case let .postgres(server):
      var logger = Logger(label: "old-schema")
      logger.logLevel = .error
      let database = PostgresStoreDatabase(server, logger: logger)
      try await database.migrate(through: 2)
      try await database.client.query(
        "INSERT INTO orders (user_id, date, products, idempotency_key, fingerprint) VALUES (\(row.userId), \(date), \(products), \(key), \(row.fingerprint))",
        logger: logger
      )
      await database.close()
    }
  }
}
