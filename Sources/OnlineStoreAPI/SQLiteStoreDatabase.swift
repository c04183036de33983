import Foundation
import GRDB
import StoreModels

/// The orders in an SQLite file, in WAL mode with `synchronous = FULL`: an order is on disk
/// before its answer is sent, and survives `kill -9` of the server at any moment.
///
/// Orders that arrive together are written together: while one transaction commits, the next
/// ones queue (``OrderBatcher``) and go in the following transaction, so the cost of the
/// `fsync` that makes a commit durable is shared instead of paid once per order.
public final class SQLiteStoreDatabase: StoreDatabase {
  let pool: DatabasePool
  private let batcher: OrderBatcher
  /// How many pictures, and how many bytes of them, the catalog may keep.
  let pictureBounds: PictureBounds

  public init(path: String, pictureBounds: PictureBounds = .standard) throws {
    self.pictureBounds = pictureBounds
    // Orders, carts, key fingerprints with addresses and the catalog's passwords: this user's
    // only. SQLite makes the `-wal` and `-shm` files with the database file's mode.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    try PrivateFiles.ensureDirectory(folder)
    // Another user who can write to the folder could put the database, or its -wal file, there.
    try PrivateFiles.checkPrivateFolder(folder, what: "the database")
    PrivateFiles.ensureFile(path)
    for companion in ["-wal", "-shm"] { PrivateFiles.tighten(path + companion, to: 0o600) }
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    // Another server on the same file waits its turn instead of failing at once.
    configuration.busyMode = .timeout(10)
    let pool = try DatabasePool(path: path, configuration: configuration)
    self.pool = pool
    self.batcher = OrderBatcher { orders in
      try await pool.write { db in try orders.map { try Self.insert($0, in: db) } }
    }
  }

  public func prepare(loading catalog: StoreCatalog) async throws -> StoreCatalog {
    try Self.migrator.migrate(pool)
    return try await pool.write { db in
      if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products") == 0 {
        for product in catalog.products {
          try db.execute(
            sql: "INSERT INTO products (id, category, json) VALUES (?, ?, ?)",
            arguments: [product.id, product.category, try DatabaseJSON.text(product)]
          )
        }
      }
      if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM customers") == 0 {
        for customer in catalog.customers {
          try db.execute(
            sql: "INSERT INTO customers (id, username, json) VALUES (?, ?, ?)",
            arguments: [customer.id, customer.username, try DatabaseJSON.text(customer)]
          )
        }
      }
      return StoreCatalog(
        products: try String.fetchAll(db, sql: "SELECT json FROM products ORDER BY id").map { try DatabaseJSON.value(Product.self, $0) },
        customers: try String.fetchAll(db, sql: "SELECT json FROM customers ORDER BY id").map { try DatabaseJSON.value(Customer.self, $0) }
      )
    }
  }

  /// Migrates the schema as far as its `version`th migration and no further: how a test makes
  /// the database an earlier version of the server left.
  func migrate(through version: Int) throws {
    let migrator = Self.migrator
    try migrator.migrate(pool, upTo: migrator.migrations[version - 1])
  }

  public func place(_ order: NewOrder) async throws -> PlacedOrder {
    try await batcher.place(order).get()
  }

  public func replay(_ order: NewOrder) async throws -> StoredOrder? {
    try await pool.read { db in try Self.earlier(order, in: db)?.get().order }
  }

  public func orders(_ filter: OrderFilter) async throws -> [StoredOrder] {
    var conditions: [String] = []
    var arguments = StatementArguments()
    if let userId = filter.userId {
      conditions.append("user_id = ?")
      arguments += [userId]
    }
    if let start = filter.start {
      conditions.append("date >= ?")
      arguments += [StoreJSON.format(start)]
    }
    if let end = filter.end {
      conditions.append("date < ?")
      arguments += [StoreJSON.format(end)]
    }
    if let status = filter.status {
      conditions.append("status = ?")
      arguments += [status.rawValue]
    }
    if let before = filter.before {
      conditions.append("id < ?")
      arguments += [before]
    }
    if let number = filter.numberOrCustomer {
      conditions.append("(id = ? OR user_id = ?)")
      arguments += [number, number]
    }
    var sql = "SELECT \(OrderRow.columns) FROM orders"
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += filter.byNumber ? " ORDER BY id DESC" : filter.newestFirst ? " ORDER BY date DESC, id DESC" : " ORDER BY id"
    if let limit = filter.limit {
      sql += " LIMIT ?"
      arguments += [limit]
    }
    let query = sql
    let bound = arguments
    return try await pool.read { db in
      try Row.fetchAll(db, sql: query, arguments: bound).map { try Self.orderRow($0).order }
    }
  }

  public func order(id: Int) async throws -> StoredOrder? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT \(OrderRow.columns) FROM orders WHERE id = ?", arguments: [id]).map { try Self.orderRow($0).order }
    }
  }

  /// Closes the file, on a thread of its own: GRDB's close waits for reads under way, and a read
  /// finishing may need one of the few threads every task shares.
  /// Writes what the write-ahead log holds into the database file and closes it: after a clean
  /// stop `api.sqlite` alone is the whole store (a copy of it once had no tables, everything
  /// still in `api.sqlite-wal`), and a backup of the one file is a backup.
  public func close() async {
    let pool = self.pool
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try? pool.close()
        continuation.resume()
      }
    }
  }

  // MARK: Schema

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("1: products, customers, orders") { db in
      try db.execute(
        sql: """
          CREATE TABLE products (id INTEGER PRIMARY KEY, category TEXT NOT NULL, json TEXT NOT NULL);
          CREATE TABLE customers (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, json TEXT NOT NULL);
          CREATE TABLE orders (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL,
            date TEXT NOT NULL,
            products TEXT NOT NULL,
            idempotency_key TEXT UNIQUE,
            fingerprint TEXT NOT NULL
          );
          CREATE INDEX orders_by_customer ON orders (user_id, date);
          """
      )
    }
    registerOpenCarts(in: &migrator)
    registerCheckout(in: &migrator)
    registerStock(in: &migrator)
    registerCatalog(in: &migrator)
    registerPictureTags(in: &migrator)
    return migrator
  }

  // MARK: Rows

  /// The order stored before under `order`'s idempotency key, as the answer to `order`; a
  /// refusal when the key was used for a different order; `nil` when there is none (or no key).
  private static func earlier(_ order: NewOrder, in db: Database) throws -> Result<PlacedOrder, OrderRejection>? {
    guard let key = order.idempotencyKey,
      let row = try Row.fetchOne(db, sql: "SELECT \(OrderRow.columns), fingerprint FROM orders WHERE idempotency_key = ?", arguments: [key])
    else { return nil }
    guard row["fingerprint"] as String == order.fingerprint else { return .failure(.keyReusedForAnotherOrder) }
    return .success(PlacedOrder(order: try orderRow(row).order, isNew: false))
  }

  /// Stores `order` in the open transaction and takes its stock, or finds the one stored under
  /// its key.
  private static func insert(_ order: NewOrder, in db: Database) throws -> Result<PlacedOrder, OrderRejection> {
    if let found = try earlier(order, in: db) { return found }
    let taken: [OrderRequest.Line]
    switch try takeStock(for: order, in: db) {
    case let .success(lines): taken = lines
    case let .failure(rejection): return .failure(rejection)
    }
    try db.execute(
      sql: """
        INSERT INTO orders (user_id, date, products, idempotency_key, fingerprint, checkout, stock_taken) VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        order.userId, StoreJSON.format(order.date), try DatabaseJSON.text(order.products), order.idempotencyKey, order.fingerprint,
        try order.checkout.map(DatabaseJSON.text), try DatabaseJSON.text(taken),
      ]
    )
    return .success(PlacedOrder(order: order.stored(as: Int(db.lastInsertedRowID)), isNew: true))
  }
}
