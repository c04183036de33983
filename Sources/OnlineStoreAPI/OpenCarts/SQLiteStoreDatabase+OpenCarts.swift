import Foundation
import GRDB
import StoreModels

/// Open carts and key customers in the SQLite file: one API instance, so a save is heard by the
/// requests waiting on that instance and nowhere else.
extension SQLiteStoreDatabase {
  public func openCart(of customer: Int) async throws -> SavedCart {
    try await pool.read { db in
      try SavedCart.stored(String.fetchOne(db, sql: "SELECT cart FROM open_carts WHERE customer = ?", arguments: [customer]))
    }
  }

  public func applyToOpenCart(of customer: Int, _ changes: CartChanges) async throws -> SavedCart {
    try await pool.write { db in
      let latest = try SavedCart.stored(String.fetchOne(db, sql: "SELECT cart FROM open_carts WHERE customer = ?", arguments: [customer]))
      let saved = try latest.applyingWithinBounds(changes)
      try db.execute(
        sql: """
          INSERT INTO open_carts (customer, revision, cart) VALUES (?, ?, ?)
          ON CONFLICT (customer) DO UPDATE SET revision = excluded.revision, cart = excluded.cart
          """,
        arguments: [customer, saved.revision, try DatabaseJSON.text(saved)]
      )
      return saved
    }
  }

  public func keyCustomer(fingerprint: String, origin: String, now: Date, newKeysPerHour: Int) async throws -> KeyCustomerAnswer {
    try await pool.write { db in
      if let number = try Int.fetchOne(db, sql: "SELECT number FROM key_customers WHERE fingerprint = ?", arguments: [fingerprint]) {
        return .known(number)
      }
      let recent = try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM key_customers WHERE first_origin = ? AND registered > ?",
        arguments: [origin, now.timeIntervalSince1970 - 3_600]
      ) ?? 0
      guard recent < newKeysPerHour else { return .tooManyNewKeys }
      let highest = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM key_customers") ?? 0
      let number = max(Customer.keyShopperNumbers.lowerBound, highest + 1)
      try db.execute(
        sql: "INSERT INTO key_customers (fingerprint, number, first_origin, registered) VALUES (?, ?, ?, ?)",
        arguments: [fingerprint, number, origin, now.timeIntervalSince1970]
      )
      return .registered(number)
    }
  }

  public func isKeyCustomer(_ number: Int) async throws -> Bool {
    try await pool.read { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM key_customers WHERE number = ?)", arguments: [number]) ?? false
    }
  }

  public func cartsSavedElsewhere() -> AsyncStream<Int> {
    AsyncStream { $0.finish() }
  }

  /// The second migration: open carts, and the numbers of SSH keys.
  static func registerOpenCarts(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("2: open carts, key customers") { db in
      try db.execute(
        sql: """
          CREATE TABLE open_carts (customer INTEGER PRIMARY KEY, revision INTEGER NOT NULL, cart TEXT NOT NULL);
          CREATE TABLE key_customers (
            fingerprint TEXT PRIMARY KEY,
            number INTEGER NOT NULL UNIQUE,
            first_origin TEXT NOT NULL,
            registered REAL NOT NULL
          );
          CREATE INDEX key_customers_by_origin ON key_customers (first_origin, registered);
          """
      )
    }
  }
}
