import Foundation
import Logging
import PostgresNIO
import StoreModels

/// Open carts and key customers in PostgreSQL, shared by every API instance on the server. Each
/// save is announced with `NOTIFY onlinestore_carts, '<customer>'` in its own transaction, so the
/// other instances hear it the moment it is committed, and not before.
extension PostgresStoreDatabase {
  static let cartChannel = "onlinestore_carts"

  public func openCart(of customer: Int) async throws -> SavedCart {
    let rows = try await client.query("SELECT cart FROM open_carts WHERE customer = \(customer)", logger: logger)
    for try await text in rows.decode(String.self) { return try SavedCart.stored(text) }
    return .empty
  }

  public func applyToOpenCart(of customer: Int, _ changes: CartChanges) async throws -> SavedCart {
    let logger = self.logger
    return try await client.withTransaction(logger: logger) { connection in
      // The row exists before it is locked, so two first saves at once take turns as later ones do.
      try await connection.query(
        "INSERT INTO open_carts (customer, revision, cart) VALUES (\(customer), 0, \(try DatabaseJSON.text(SavedCart.empty))) ON CONFLICT (customer) DO NOTHING",
        logger: logger
      )
      var stored: String?
      for try await text in try await connection.query(
        "SELECT cart FROM open_carts WHERE customer = \(customer) FOR UPDATE", logger: logger
      ).decode(String.self) {
        stored = text
      }
      let saved = try SavedCart.stored(stored).applyingWithinBounds(changes)
      try await connection.query(
        "UPDATE open_carts SET revision = \(saved.revision), cart = \(try DatabaseJSON.text(saved)) WHERE customer = \(customer)",
        logger: logger
      )
      try await connection.query("SELECT pg_notify(\(Self.cartChannel), \(String(customer)))", logger: logger)
      return saved
    }
  }

  public func keyCustomer(fingerprint: String, origin: String, now: Date, newKeysPerHour: Int) async throws -> KeyCustomerAnswer {
    let logger = self.logger
    return try await client.withTransaction(logger: logger) { connection in
      // One registration per origin at a time, on every instance: the count below stays true.
      try await connection.query("SELECT pg_advisory_xact_lock(7212002, hashtext(\(origin)))", logger: logger)
      for try await number in try await connection.query(
        "SELECT number FROM key_customers WHERE fingerprint = \(fingerprint)", logger: logger
      ).decode(Int.self) {
        return .known(number)
      }
      let since = now.timeIntervalSince1970 - 3_600
      var recent = 0
      for try await count in try await connection.query(
        "SELECT COUNT(*)::BIGINT FROM key_customers WHERE first_origin = \(origin) AND registered > \(since)", logger: logger
      ).decode(Int.self) {
        recent = count
      }
      guard recent < newKeysPerHour else { return .tooManyNewKeys }
      let registered = now.timeIntervalSince1970
      // The fingerprint may have been registered by another origin since the look-up above.
      for try await number in try await connection.query(
        """
        INSERT INTO key_customers (fingerprint, number, first_origin, registered)
        VALUES (\(fingerprint), nextval('key_customer_numbers'), \(origin), \(registered))
        ON CONFLICT (fingerprint) DO NOTHING RETURNING number
        """,
        logger: logger
      ).decode(Int.self) {
        return .registered(number)
      }
      for try await number in try await connection.query(
        "SELECT number FROM key_customers WHERE fingerprint = \(fingerprint)", logger: logger
      ).decode(Int.self) {
        return .known(number)
      }
      throw CatalogError("the key was neither registered nor found")
    }
  }

  public func isKeyCustomer(_ number: Int) async throws -> Bool {
    for try await exists in try await client.query(
      "SELECT EXISTS (SELECT 1 FROM key_customers WHERE number = \(number))", logger: logger
    ).decode(Bool.self) {
      return exists
    }
    return false
  }

  /// Every instance's saves, through `LISTEN` on a connection of its own; when that connection
  /// is lost, listening starts again a second later (a save missed meanwhile shows when the
  /// waiting request's time is up, as the route reads the cart again then).
  public func cartsSavedElsewhere() -> AsyncStream<Int> {
    let client = self.client
    let logger = self.logger
    return AsyncStream { continuation in
      let listening = Task {
        while !Task.isCancelled {
          do {
            try await client.withConnection { connection in
              try await connection.listen(on: Self.cartChannel) { notifications in
                for try await notification in notifications {
                  if let customer = Int(notification.payload) { continuation.yield(customer) }
                }
              }
            }
          } catch {
            if Task.isCancelled { break }
            logger.warning("not hearing other instances' cart saves; trying again", metadata: ["error": "\(String(reflecting: error))"])
          }
          try? await Task.sleep(for: .seconds(1))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in listening.cancel() }
    }
  }

  /// The second migration: open carts, and the numbers of SSH keys from one sequence.
  static func migrateOpenCarts(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query(
        "CREATE TABLE open_carts (customer BIGINT PRIMARY KEY, revision BIGINT NOT NULL, cart TEXT NOT NULL)", logger: logger
      )
      try await connection.query("CREATE SEQUENCE key_customer_numbers START \(unescaped: String(Customer.keyShopperNumbers.lowerBound))", logger: logger)
      try await connection.query(
        """
        CREATE TABLE key_customers (
          fingerprint TEXT PRIMARY KEY,
          number BIGINT NOT NULL UNIQUE,
          first_origin TEXT NOT NULL,
          registered DOUBLE PRECISION NOT NULL
        )
        """,
        logger: logger
      )
      try await connection.query("CREATE INDEX key_customers_by_origin ON key_customers (first_origin, registered)", logger: logger)
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (2)", logger: logger)
    }
  }
}
