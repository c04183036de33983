import Foundation
import GRDB
import StoreModels

/// `onlinestore-api backup` and `restore` for a store on SQLite, through SQLite's online backup
/// API: a copy of the database as one moment saw it, taken while the server goes on taking
/// orders (in WAL mode a reader holds its snapshot while writers append), and a restore that
/// keeps the database it replaces. (PostgreSQL's are `pg_dump` and `pg_restore`:
/// Docs/Operating.md.)
public enum SQLiteBackup {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }

  /// What a backup or a restore holds.
  public struct Summary: Sendable, Equatable {
    public var orders: Int
    public var products: Int
  }

  /// Copies the database at `database` to `file`, which must not exist: into a partial file of
  /// this process's own first, checked (`PRAGMA integrity_check`, the store's tables present),
  /// flushed to disk, then linked to its name — which fails if the name was taken meanwhile, so
  /// two backups to one name never overwrite each other, and a backup is whole or absent. The
  /// copy is the server's own (mode 0600). A `kill -9` leaves only the partial file.
  public static func copy(database: String, to file: String) throws -> Summary {
    guard FileManager.default.fileExists(atPath: database) else { throw Failure("there is no database at \(database)") }
    guard !FileManager.default.fileExists(atPath: file) else { throw Failure("\(file) exists already: give the backup a new name") }
    let partial = "\(file).partial-\(getpid())-\(UInt32.random(in: 0 ... .max))"
    defer { unlink(partial) }
    var reading = Configuration()
    reading.readonly = true
    reading.busyMode = .timeout(10)
    let source = try DatabasePool(path: database, configuration: reading)
    PrivateFiles.ensureFile(partial)
    let copy = try DatabaseQueue(path: partial)
    try source.backup(to: copy)
    let summary = try check(copy, named: file)
    try copy.close()
    try source.close()
    try flush(partial)
    guard link(partial, file) == 0 else {
      throw Failure(errno == EEXIST ? "\(file) exists already: give the backup a new name" : "could not name the backup \(file): \(String(cString: strerror(errno)))")
    }
    return summary
  }

  /// Makes the database at `database` what `file` holds. The database it replaces, if any, is
  /// kept first as `database.before-restore-<time>` (itself a backup); the server must be
  /// stopped, or it goes on with what it read before.
  public static func restore(from file: String, to database: String, now: Date = Date()) throws -> (Summary, keptAs: String?) {
    guard FileManager.default.fileExists(atPath: file) else { throw Failure("there is no backup at \(file)") }
    var reading = Configuration()
    reading.readonly = true
    let backup = try DatabaseQueue(path: file, configuration: reading)
    let summary = try check(backup, named: file)
    var kept: String?
    if FileManager.default.fileExists(atPath: database) {
      let stamp = Int(now.timeIntervalSince1970)
      let keptPath = "\(database).before-restore-\(stamp)"
      _ = try copy(database: database, to: keptPath)
      kept = keptPath
    }
    PrivateFiles.ensureFile(database)
    let target = try DatabasePool(path: database)
    try backup.backup(to: target)
    try target.close()
    try backup.close()
    return (summary, kept)
  }

  /// Fails unless `database` is whole and the store's: its integrity checked, its orders and
  /// products counted.
  static func check(_ database: some DatabaseReader, named name: String) throws -> Summary {
    try database.read { db in
      let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
      guard integrity == ["ok"] else { throw Failure("\(name) is damaged: \(integrity.prefix(3).joined(separator: "; "))") }
      guard try db.tableExists("orders"), try db.tableExists("products") else {
        throw Failure("\(name) is not the store's database (it has no orders or products)")
      }
      return Summary(
        orders: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM orders") ?? 0,
        products: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products") ?? 0
      )
    }
  }

  private static func flush(_ path: String) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Failure("could not open \(path) to flush it") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw Failure("could not flush \(path): \(String(cString: strerror(errno)))") }
  }
}
