import ArgumentParser
import Foundation
import OnlineStoreAPI

/// `onlinestore-api backup --to FILE`: a copy of the SQLite database as it is now, taken while
/// the server goes on serving.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Copy the store's SQLite database to a new file, while the server keeps serving.",
    discussion: "The database is the server's --database (sqlite:PATH; the default place when not given). For PostgreSQL, use pg_dump (Docs/Operating.md)."
  )

  /// The server's options: `--database` is the server's, written after the subcommand or before.
  @ParentCommand var server: OnlineStoreAPICommand

  @Option(help: ArgumentHelp("The new file to write; an existing one is never overwritten.", valueName: "file"))
  var to: String

  func run() throws {
    let path = try SQLiteDatabasePath.of(server.database, command: "backup", postgresTool: "pg_dump")
    do {
      let summary = try SQLiteBackup.copy(database: path, to: to)
      print("onlinestore-api: backed up \(summary.orders) orders and \(summary.products) products to \(to)")
    } catch {
      throw CommandFailure("backup: \(error)")
    }
  }
}

/// `onlinestore-api restore --from FILE`: the database becomes what a backup holds; the one it
/// replaces is kept beside it.
struct RestoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Make the store's SQLite database what a backup holds, keeping the one it replaces. Stop the server first.",
    discussion: "The database is the server's --database (sqlite:PATH; the default place when not given). For PostgreSQL, use pg_restore (Docs/Operating.md)."
  )

  /// The server's options: `--database` is the server's, written after the subcommand or before.
  @ParentCommand var server: OnlineStoreAPICommand

  @Option(help: ArgumentHelp("The backup to restore.", valueName: "file"))
  var from: String

  func run() throws {
    let path = try SQLiteDatabasePath.of(server.database, command: "restore", postgresTool: "pg_restore")
    do {
      let (summary, kept) = try SQLiteBackup.restore(from: from, to: path)
      if let kept { print("onlinestore-api: kept the database it replaces as \(kept)") }
      print("onlinestore-api: restored \(summary.orders) orders and \(summary.products) products into \(path)")
    } catch {
      throw CommandFailure("restore: \(error)")
    }
  }
}

/// The path of `--database` when it is SQLite; PostgreSQL has tools of its own.
enum SQLiteDatabasePath {
  static func of(_ database: String?, command: String, postgresTool: String) throws -> String {
    let location = try database.map(DatabaseLocation.init(parsing:)) ?? .defaultSQLite()
    guard case let .sqlite(path) = location else {
      throw ValidationError("\(command) is for SQLite; for PostgreSQL use \(postgresTool) (Docs/Operating.md).")
    }
    return path
  }
}

/// A command that could not do what it was asked, said in one line (no usage: the command line
/// was right).
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
