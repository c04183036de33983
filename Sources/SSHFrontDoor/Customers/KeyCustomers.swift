import Foundation
import GRDB
import StoreModels

/// Why a key could not be given a customer number.
public enum KeyCustomersError: Error, Equatable, CustomStringConvertible {
  /// Too many new keys came from this address in the last hour (more than `limit`, when the
  /// limit is this server's to know).
  case tooManyNewKeys(limit: Int?)
  /// The store of numbers could not be read or written.
  case unavailable(String)

  public var description: String {
    switch self {
    case let .tooManyNewKeys(limit?): "more than \(limit) new keys from this address in the last hour"
    case .tooManyNewKeys(nil): "too many new keys from this address in the last hour"
    case let .unavailable(reason): "customer numbers are unavailable: \(reason)"
    }
  }
}

/// A customer number for each SSH key: the number its orders are placed under, the same at every
/// login, on every restart. Where the numbers are kept is one decision behind this protocol.
public protocol KeyCustomers: Sendable {
  /// The number of the key `fingerprint`; a key seen for the first time gets the next free one,
  /// unless `address` has brought too many new keys in the last hour. Blocking: never call it on
  /// an event loop.
  func number(for fingerprint: String, from address: ClientAddress, now: Date) throws(KeyCustomersError) -> Int
}

/// Customer numbers in an SQLite file in the state directory (WAL, `synchronous = FULL`): one
/// indexed look-up per login however many keys there are, a new key written durably before its
/// number is used, and several servers on one state directory never giving a number twice (the
/// number is unique in the table, and the file is written under SQLite's own lock).
///
/// Numbers start at 1001 (``Customer/keyShopperNumbers``), clear of the demo catalog's and
/// FakeStore's own customers, so that no key's orders are ever listed as another customer's.
/// Version 1.1 of the front door kept the numbers in `customers.json`; the first start takes them
/// in unchanged and renames that file to `customers.json.imported`.
public final class SQLiteKeyCustomers: KeyCustomers {
  private let database: DatabaseQueue
  /// The most new keys one address (per /64 for IPv6) may bring in an hour.
  public let newKeysPerAddressPerHour: Int

  public init(directory: URL, newKeysPerAddressPerHour: Int) throws(KeyCustomersError) {
    self.newKeysPerAddressPerHour = newKeysPerAddressPerHour
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
    }
    // Another server on the same state directory waits its turn instead of failing at once.
    configuration.busyMode = .timeout(5)
    do {
      database = try DatabaseQueue(path: directory.appendingPathComponent("customers.sqlite").path, configuration: configuration)
      try Self.migrator.migrate(database)
      try Self.importVersion1File(in: directory, into: database)
    } catch let error as KeyCustomersError {
      throw error
    } catch {
      throw .unavailable(String(describing: error))
    }
  }

  public func number(for fingerprint: String, from address: ClientAddress, now: Date) throws(KeyCustomersError) -> Int {
    do {
      return try database.write { db in
        if let number = try Int.fetchOne(db, sql: Statements.numberOfKey, arguments: [fingerprint]) {
          return number
        }
        let origin = address.limitKey.description
        let recent = try Int.fetchOne(
          db, sql: Statements.newKeysFromAddressSince,
          arguments: [origin, now.timeIntervalSince1970 - 3_600]
        ) ?? 0
        guard recent < newKeysPerAddressPerHour else { throw KeyCustomersError.tooManyNewKeys(limit: newKeysPerAddressPerHour) }
        let number = try Self.nextNumber(db)
        try db.execute(
          sql: "INSERT INTO key_customers (fingerprint, number, first_address, registered) VALUES (?, ?, ?, ?)",
          arguments: [fingerprint, number, origin, now.timeIntervalSince1970]
        )
        return number
      }
    } catch let error as KeyCustomersError {
      throw error
    } catch {
      throw .unavailable(String(describing: error))
    }
  }

  /// How many keys have numbers.
  public func count() throws -> Int {
    try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM key_customers") ?? 0 }
  }

  /// What a login asks the database: each a look-up in an index, whatever the number of keys
  /// (KeyCustomersTests reads their plans).
  enum Statements {
    static let numberOfKey = "SELECT number FROM key_customers WHERE fingerprint = ?"
    static let newKeysFromAddressSince = "SELECT COUNT(*) FROM key_customers WHERE first_address = ? AND registered > ?"
    static let highestNumber = "SELECT MAX(number) FROM key_customers"
    static let all = [numberOfKey, newKeysFromAddressSince, highestNumber]
  }

  private static func nextNumber(_ db: Database) throws -> Int {
    let highest = try Int.fetchOne(db, sql: Statements.highestNumber) ?? 0
    return max(Customer.keyShopperNumbers.lowerBound, highest + 1)
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("1: key customers") { db in
      try db.execute(
        sql: """
          CREATE TABLE key_customers (
            fingerprint TEXT PRIMARY KEY,
            number INTEGER NOT NULL UNIQUE,
            first_address TEXT NOT NULL,
            registered REAL NOT NULL
          );
          CREATE INDEX key_customers_by_address ON key_customers (first_address, registered);
          """
      )
    }
    return migrator
  }

  /// Takes in the numbers version 1.1 kept in `customers.json`, once, keeping every number as it
  /// was; a file that cannot be read stops the server with a message rather than lose a number.
  private static func importVersion1File(in directory: URL, into database: DatabaseQueue) throws {
    let file = directory.appendingPathComponent("customers.json")
    guard FileManager.default.fileExists(atPath: file.path) else { return }
    guard let data = try? Data(contentsOf: file), let numbers = try? JSONDecoder().decode([String: Int].self, from: data) else {
      throw KeyCustomersError.unavailable("\(file.path) cannot be read; repair or move it, then start again")
    }
    try database.write { db in
      for (fingerprint, number) in numbers.sorted(by: { $0.value < $1.value }) {
        try db.execute(
          sql: "INSERT OR IGNORE INTO key_customers (fingerprint, number, first_address, registered) VALUES (?, ?, 'customers.json', 0)",
          arguments: [fingerprint, number]
        )
      }
    }
    try FileManager.default.moveItem(at: file, to: directory.appendingPathComponent("customers.json.imported"))
  }
}
