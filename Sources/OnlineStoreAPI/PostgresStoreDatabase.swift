import Foundation
import Logging
import NIOSSL
import PostgresNIO
import StoreModels

/// The orders in PostgreSQL, for when one machine is not enough: several API servers can share
/// one database. An order is committed before its answer is sent; an idempotency key is unique
/// in the table, so two servers given the same key at once still store one order.
///
/// The schema and its answers are those of ``SQLiteStoreDatabase``.
public final class PostgresStoreDatabase: StoreDatabase {
  let client: PostgresClient
  private let runner: Task<Void, Never>
  let logger: Logger
  private let batcher: OrderBatcher
  /// How many pictures, and how many bytes of them, the catalog may keep.
  let pictureBounds: PictureBounds

  public init(_ location: DatabaseLocation.PostgresLocation, logger: Logger, pictureBounds: PictureBounds = .standard) {
    self.pictureBounds = pictureBounds
    var configuration: PostgresClient.Configuration
    if let socket = location.socketDirectory {
      configuration = .init(
        unixSocketPath: socket + "/.s.PGSQL.\(location.port)", username: location.username,
        password: location.password, database: location.database
      )
    } else {
      configuration = .init(
        host: location.host ?? "localhost", port: location.port, username: location.username,
        password: location.password, database: location.database,
        tls: location.requireTLS ? .require(.makeClientConfiguration()) : .disable
      )
    }
    configuration.options.maximumConnections = 32
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.client = client
    self.logger = logger
    self.runner = Task { await client.run() }
    self.batcher = OrderBatcher { orders in
      try await Self.unwrapped {
        try await client.withTransaction(logger: logger) { connection in
          try await Self.placeTogether(orders, on: connection, logger: logger)
        }
      }
    }
  }

  public func prepare(loading catalog: StoreCatalog) async throws -> StoreCatalog {
    let logger = self.logger
    try await client.withConnection { connection in
      // One server at a time migrates and loads the catalog.
      try await connection.query("SELECT pg_advisory_lock(7212001)", logger: logger)
      do {
        try await Self.migrate(connection, logger: logger)
        try await Self.load(catalog, into: connection, logger: logger)
      } catch {
        _ = try? await connection.query("SELECT pg_advisory_unlock(7212001)", logger: logger)
        throw error
      }
      try await connection.query("SELECT pg_advisory_unlock(7212001)", logger: logger)
    }
    var products: [Product] = []
    for try await json in try await client.query("SELECT json FROM products ORDER BY id", logger: logger).decode(String.self) {
      products.append(try DatabaseJSON.value(Product.self, json))
    }
    var customers: [Customer] = []
    for try await json in try await client.query("SELECT json FROM customers ORDER BY id", logger: logger).decode(String.self) {
      customers.append(try DatabaseJSON.value(Customer.self, json))
    }
    return StoreCatalog(products: products, customers: customers)
  }

  public func place(_ order: NewOrder) async throws -> PlacedOrder {
    try await batcher.place(order).get()
  }

  public func replay(_ order: NewOrder) async throws -> StoredOrder? {
    let logger = self.logger
    let outcome = try await client.withConnection { connection in try await Self.earlier(order, on: connection, logger: logger) }
    return try outcome?.get().order
  }

  /// `body`'s answer, or the error a transaction's closure threw rather than the wrapper
  /// PostgresNIO puts around it (the transaction was rolled back either way).
  static func unwrapped<Value>(_ body: () async throws -> Value) async throws -> Value {
    do {
      return try await body()
    } catch let error as PostgresTransactionError {
      throw error.closureError ?? error
    }
  }

  public func orders(_ filter: OrderFilter) async throws -> [StoredOrder] {
    let start = filter.start.map(StoreJSON.format)
    let end = filter.end.map(StoreJSON.format)
    let order = filter.byNumber ? "id DESC" : filter.newestFirst ? "date DESC, id DESC" : "id"
    let rows = try await client.query(
      """
      SELECT \(unescaped: OrderRow.columns) FROM orders
      WHERE (\(filter.userId)::BIGINT IS NULL OR user_id = \(filter.userId))
        AND (\(start)::TEXT IS NULL OR date >= \(start)) AND (\(end)::TEXT IS NULL OR date < \(end))
        AND (\(filter.status?.rawValue)::TEXT IS NULL OR status = \(filter.status?.rawValue))
        AND (\(filter.before)::BIGINT IS NULL OR id < \(filter.before))
        AND (\(filter.numberOrCustomer)::BIGINT IS NULL OR id = \(filter.numberOrCustomer) OR user_id = \(filter.numberOrCustomer))
      ORDER BY \(unescaped: order) LIMIT \(filter.limit)
      """,
      logger: logger
    )
    var orders: [StoredOrder] = []
    for try await row in rows.decode(OrderRow.Columns.self) {
      orders.append(try OrderRow(row).order)
    }
    return orders
  }

  public func order(id: Int) async throws -> StoredOrder? {
    let rows = try await client.query("SELECT \(unescaped: OrderRow.columns) FROM orders WHERE id = \(id)", logger: logger)
    for try await row in rows.decode(OrderRow.Columns.self) {
      return try OrderRow(row).order
    }
    return nil
  }

  public func close() async {
    runner.cancel()
  }

  // MARK: Schema

  /// Migrates the schema as far as its `version`th migration and no further: how a test makes
  /// the database an earlier version of the server left.
  func migrate(through version: Int) async throws {
    let logger = self.logger
    try await client.withConnection { connection in
      try await Self.migrate(connection, through: version, logger: logger)
    }
  }

  private static func migrate(_ connection: PostgresConnection, through version: Int = .max, logger: Logger) async throws {
    try await connection.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)", logger: logger)
    var applied = 0
    for try await version in try await connection.query("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", logger: logger).decode(Int.self) {
      applied = version
    }
    if applied < 1, version >= 1 { try await migrateOrders(connection, logger: logger) }
    if applied < 2, version >= 2 { try await migrateOpenCarts(connection, logger: logger) }
    if applied < 3, version >= 3 { try await migrateCheckout(connection, logger: logger) }
    if applied < 4, version >= 4 { try await migrateStock(connection, logger: logger) }
    if applied < 5, version >= 5 { try await migrateCatalog(connection, logger: logger) }
    if applied < 6, version >= 6 { try await migratePictureTags(connection, logger: logger) }
  }

  /// The first migration: the catalog and the orders.
  private static func migrateOrders(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("CREATE TABLE products (id BIGINT PRIMARY KEY, category TEXT NOT NULL, json TEXT NOT NULL)", logger: logger)
      try await connection.query("CREATE TABLE customers (id BIGINT PRIMARY KEY, username TEXT NOT NULL UNIQUE, json TEXT NOT NULL)", logger: logger)
      try await connection.query(
        """
        CREATE TABLE orders (
          id BIGSERIAL PRIMARY KEY,
          user_id BIGINT NOT NULL,
          date TEXT NOT NULL,
          products TEXT NOT NULL,
          idempotency_key TEXT UNIQUE,
          fingerprint TEXT NOT NULL
        )
        """,
        logger: logger
      )
      try await connection.query("CREATE INDEX orders_by_customer ON orders (user_id, date)", logger: logger)
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (1)", logger: logger)
    }
  }

  private static func load(_ catalog: StoreCatalog, into connection: PostgresConnection, logger: Logger) async throws {
    if try await isEmpty("products", connection, logger: logger) {
      for product in catalog.products {
        let json = try DatabaseJSON.text(product)
        try await connection.query(
          "INSERT INTO products (id, category, json) VALUES (\(product.id), \(product.category), \(json))", logger: logger
        )
      }
    }
    if try await isEmpty("customers", connection, logger: logger) {
      for customer in catalog.customers {
        let json = try DatabaseJSON.text(customer)
        try await connection.query(
          "INSERT INTO customers (id, username, json) VALUES (\(customer.id), \(customer.username), \(json))", logger: logger
        )
      }
    }
  }

  /// Whether `table` (one of ours, never a client's text) has no rows.
  private static func isEmpty(_ table: String, _ connection: PostgresConnection, logger: Logger) async throws -> Bool {
    for try await exists in try await connection.query("SELECT EXISTS (SELECT 1 FROM \(unescaped: table))", logger: logger).decode(Bool.self) {
      return !exists
    }
    return true
  }
}
