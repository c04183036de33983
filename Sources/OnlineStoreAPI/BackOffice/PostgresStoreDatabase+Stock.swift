import Foundation
import Logging
import PostgresNIO
import StoreModels

/// Stock and the audit in PostgreSQL. Several API instances place orders at once, so the
/// products an order takes from are locked (`FOR UPDATE`, in id order, so that two batches
/// never wait on each other in a circle) before what is left is read; the count is exact
/// however many instances race for the last unit.
///
/// Orders go in batches (``OrderBatcher``): a product everyone wants is locked once per batch
/// rather than once per order, which would hold every other order of it through each commit.
extension PostgresStoreDatabase {
  /// The fourth migration: every product starts with no limit, every order having taken
  /// nothing.
  static func migrateStock(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("ALTER TABLE products ADD COLUMN stock BIGINT", logger: logger)
      try await connection.query("ALTER TABLE orders ADD COLUMN stock_taken TEXT NOT NULL DEFAULT '[]'", logger: logger)
      try await connection.query(
        """
        CREATE TABLE audit (
          id BIGSERIAL PRIMARY KEY,
          at TEXT NOT NULL,
          actor TEXT NOT NULL,
          subject TEXT NOT NULL,
          change TEXT NOT NULL,
          before TEXT,
          after TEXT
        )
        """,
        logger: logger
      )
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (4)", logger: logger)
    }
  }

  /// Stores `orders` in one transaction, each taking its units from the stock left after the
  /// ones before it; one that wants more than is left is refused without touching the others.
  static func placeTogether(_ orders: [NewOrder], on connection: PostgresConnection, logger: Logger) async throws -> [OrderBatcher.Outcome] {
    let ids = Array(Set(orders.flatMap { $0.products.map(\.productId) })).sorted()
    var left: [Int: Int] = [:]
    let locked = try await connection.query(
      "SELECT id, stock FROM products WHERE id = ANY(\(ids)) AND stock IS NOT NULL ORDER BY id FOR UPDATE", logger: logger
    )
    for try await (id, stock) in locked.decode((Int, Int).self) { left[id] = stock }
    var takenInAll: [Int: Int] = [:]
    var outcomes: [OrderBatcher.Outcome] = []
    for order in orders {
      let shortages = order.products.compactMap { line in
        left[line.productId].flatMap { $0 < line.quantity ? StockShortage(productId: line.productId, wanted: line.quantity, left: $0) : nil }
      }
      guard shortages.isEmpty else {
        // A retry of an order stored before is answered with it, whatever is left now.
        outcomes.append(try await earlier(order, on: connection, logger: logger) ?? .failure(.outOfStock(shortages)))
        continue
      }
      let taken = order.products.filter { left[$0.productId] != nil }.map { OrderRequest.Line(productId: $0.productId, quantity: $0.quantity) }
      guard let id = try await insert(order, taking: taken, on: connection, logger: logger) else {
        // The key was there already: answer with that order, if it is this one.
        guard let outcome = try await earlier(order, on: connection, logger: logger) else {
          throw CatalogError("the order was neither stored nor found")
        }
        outcomes.append(outcome)
        continue
      }
      for line in taken {
        left[line.productId, default: 0] -= line.quantity
        takenInAll[line.productId, default: 0] += line.quantity
      }
      outcomes.append(.success(PlacedOrder(order: order.stored(as: id), isNew: true)))
    }
    if !takenInAll.isEmpty {
      let products = Array(takenInAll.keys)
      let quantities = products.map { takenInAll[$0] ?? 0 }
      try await connection.query(
        """
        UPDATE products SET stock = products.stock - t.quantity
        FROM unnest(\(products)::BIGINT[], \(quantities)::BIGINT[]) AS t(id, quantity) WHERE products.id = t.id
        """,
        logger: logger
      )
    }
    return outcomes
  }

  /// Inserts `order` unless its idempotency key is taken; its number, or `nil` when it was.
  private static func insert(_ order: NewOrder, taking taken: [OrderRequest.Line], on connection: PostgresConnection, logger: Logger) async throws -> Int? {
    let date = StoreJSON.format(order.date)
    let products = try DatabaseJSON.text(order.products)
    let checkout = try order.checkout.map(DatabaseJSON.text)
    let stockTaken = try DatabaseJSON.text(taken)
    let inserted = try await connection.query(
      """
      INSERT INTO orders (user_id, date, products, idempotency_key, fingerprint, checkout, stock_taken)
      VALUES (\(order.userId), \(date), \(products), \(order.idempotencyKey), \(order.fingerprint), \(checkout), \(stockTaken))
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
      """,
      logger: logger
    )
    for try await id in inserted.decode(Int.self) { return id }
    return nil
  }

  /// The order stored before under `order`'s idempotency key, as the answer to `order`.
  static func earlier(_ order: NewOrder, on connection: PostgresConnection, logger: Logger) async throws -> OrderBatcher.Outcome? {
    guard let key = order.idempotencyKey else { return nil }
    let rows = try await connection.query(
      "SELECT \(unescaped: OrderRow.columns), fingerprint FROM orders WHERE idempotency_key = \(key)", logger: logger
    )
    for try await (id, userId, date, lines, checkout, history, fingerprint) in rows.decode((Int, Int, String, String, String?, String, String).self) {
      guard fingerprint == order.fingerprint else { return .failure(.keyReusedForAnotherOrder) }
      let row = OrderRow(id: id, userId: userId, date: date, products: lines, checkout: checkout, statusHistory: history)
      return .success(PlacedOrder(order: try row.order, isNew: false))
    }
    return nil
  }

  /// Gives order `id`'s taken units back to their products (those that still have a stock) and
  /// marks it as having taken nothing, in the open transaction.
  static func giveBackStock(of id: Int, on connection: PostgresConnection, logger: Logger) async throws {
    var text = "[]"
    for try await taken in try await connection.query("SELECT stock_taken FROM orders WHERE id = \(id)", logger: logger).decode(String.self) {
      text = taken
    }
    let lines = try DatabaseJSON.value([OrderRequest.Line].self, text).sorted { $0.productId < $1.productId }
    for line in lines {
      try await connection.query(
        "UPDATE products SET stock = LEAST(stock + \(line.quantity), \(StockSetting.maximum)) WHERE id = \(line.productId) AND stock IS NOT NULL",
        logger: logger
      )
    }
    try await connection.query("UPDATE orders SET stock_taken = '[]' WHERE id = \(id)", logger: logger)
  }

  static func record(_ entry: AuditEntry, on connection: PostgresConnection, logger: Logger) async throws {
    let entry = entry.bounded
    try await connection.query(
      """
      INSERT INTO audit (at, actor, subject, change, before, after)
      VALUES (\(StoreJSON.format(entry.at)), \(entry.actor), \(entry.subject), \(entry.change), \(entry.before), \(entry.after))
      """,
      logger: logger
    )
  }

  public func stock() async throws -> [Int: Int?] {
    var stock: [Int: Int?] = [:]
    for try await (id, left) in try await client.query("SELECT id, stock FROM products", logger: logger).decode((Int, Int?).self) {
      stock[id] = .some(left)
    }
    return stock
  }

  public func setStock(of id: Int, _ setting: StockSetting, by actor: String, at time: Date) async throws -> StockChange {
    let logger = self.logger
    return try await Self.unwrapped {
      try await client.withTransaction(logger: logger) { connection in
        var found: Int?? = nil
        for try await stock in try await connection.query("SELECT stock FROM products WHERE id = \(id) FOR UPDATE", logger: logger).decode(Int?.self) {
          found = .some(stock)
        }
        guard let before = found else { throw StockRejection.noSuchProduct }
        let after = setting.applied(to: before)
        // A change that changes nothing is not one: nothing to write or audit.
        guard after != before else { return StockChange(productId: id, before: before, after: after) }
        try await connection.query("UPDATE products SET stock = \(after) WHERE id = \(id)", logger: logger)
        try await Self.record(
          AuditEntry(
            at: time, actor: actor, subject: "product \(id)", change: "stock", before: StockWording.text(before), after: StockWording.text(after)
          ),
          on: connection, logger: logger
        )
        return StockChange(productId: id, before: before, after: after)
      }
    }
  }

  public func audit(limit: Int, before: Int?) async throws -> [AuditEntry] {
    let rows = try await client.query(
      """
      SELECT id, at, actor, subject, change, before, after FROM audit
      WHERE id < \(before ?? Int.max) ORDER BY id DESC LIMIT \(limit)
      """,
      logger: logger
    )
    var entries: [AuditEntry] = []
    for try await (id, at, actor, subject, change, before, after) in rows.decode((Int, String, String, String, String, String?, String?).self) {
      entries.append(
        AuditEntry(id: id, at: StoreJSON.parseDate(at) ?? .distantPast, actor: actor, subject: subject, change: change, before: before, after: after)
      )
    }
    return entries
  }

  public func pulse() async throws -> BackOfficePulse {
    let rows = try await client.query(
      "SELECT (SELECT COALESCE(MAX(id), 0) FROM orders), (SELECT COALESCE(MAX(id), 0) FROM audit)", logger: logger
    )
    for try await (order, audit) in rows.decode((Int, Int).self) { return BackOfficePulse(newestOrder: order, newestAudit: audit) }
    return BackOfficePulse(newestOrder: 0, newestAudit: 0)
  }

  public func keyCustomers(after: Int, limit: Int) async throws -> [KeyCustomerRow] {
    let rows = try await client.query(
      "SELECT number, fingerprint FROM key_customers WHERE number > \(after) ORDER BY number LIMIT \(limit)", logger: logger
    )
    var keys: [KeyCustomerRow] = []
    for try await (number, fingerprint) in rows.decode((Int, String).self) { keys.append(KeyCustomerRow(number: number, fingerprint: fingerprint)) }
    return keys
  }

  public func activity(of customers: [Int]) async throws -> [Int: CustomerActivity] {
    guard !customers.isEmpty else { return [:] }
    let rows = try await client.query(
      "SELECT user_id, COUNT(*), MIN(date), MAX(date) FROM orders WHERE user_id = ANY(\(customers)) GROUP BY user_id", logger: logger
    )
    var activity: [Int: CustomerActivity] = [:]
    for try await (customer, count, first, last) in rows.decode((Int, Int, String, String).self) {
      activity[customer] = CustomerActivity(orderCount: count, firstOrder: StoreJSON.parseDate(first), lastOrder: StoreJSON.parseDate(last))
    }
    return activity
  }
}
