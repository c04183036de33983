import Foundation
import OnlineStoreAPI
import StoreModels
import Synchronization
import Testing

/// `onlinestore-api backup` and `restore` on SQLite: a backup taken while orders keep coming
/// holds every order acknowledged before it began; restored into a new server, each is there;
/// the database a restore replaces is kept; what is not a whole store database is refused.
struct BackupTests {
  @Test func aBackupTakenWhileOrdersComeRestoresEveryAcknowledgedOrder() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { return }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let backupFile = folder.appendingPathComponent("nightly.sqlite").path
    let acknowledged = Kept<[Int]>([])
    let atTheBackup = Kept<[Int]>([])
    let summary = Kept<SQLiteBackup.Summary?>(nil)
    try await InProcessAPI.with(.testing(location), adding: { _ in }) { http, _ async throws in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for customer in 1...4 {
          group.addTask {
            for number in 0..<50 {
              let body = Data(#"{"userId":\#(customer),"products":[{"productId":\#(number % 20 + 1),"quantity":1}]}"#.utf8)
              let answer = try await http.post("/carts", body: body)
              guard answer.status == 200 else { continue }
              let id = try answer.decode(StoredOrder.self).id
              acknowledged.withLock { $0.append(id) }
            }
          }
        }
        // Once some orders are in, the backup, while the rest keep coming.
        group.addTask {
          while acknowledged.withLock({ $0.count }) < 40 { await Task.yield() }
          atTheBackup.withLock { $0 = acknowledged.withLock { $0 } }
          let taken = try SQLiteBackup.copy(database: path, to: backupFile)
          summary.withLock { $0 = taken }
        }
        try await group.waitForAll()
      }
    }
    let before = atTheBackup.withLock { $0 }
    let taken = try #require(summary.withLock { $0 })
    #expect(before.count >= 40 && taken.orders >= before.count, "\(taken.orders) orders in the backup, \(before.count) acknowledged when it began")

    // Restored into a new place, served by a new server: every order acknowledged when the backup began is there.
    let restored = folder.appendingPathComponent("restored/api.sqlite").path
    try FileManager.default.createDirectory(atPath: (restored as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let (restoredSummary, kept) = try SQLiteBackup.restore(from: backupFile, to: restored)
    #expect(restoredSummary == taken && kept == nil)
    try await InProcessAPI.with(.testing(.sqlite(path: restored)), adding: { _ in }) { http, _ async throws in
      for id in before {
        #expect(try await http.get("/carts/\(id)").status == 200, "order \(id) was acknowledged before the backup")
      }
    }
    await remove()
  }

  @Test func aRestoreKeepsWhatItReplacesAndRefusesWhatIsNotAStore() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { return }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try await InProcessAPI.with(.testing(location), adding: { _ in }) { http, _ async throws in
      #expect(try await http.post("/carts", body: Data(#"{"userId":1,"products":[{"productId":1,"quantity":1}]}"#.utf8)).status == 200)
    }
    let backup = folder.appendingPathComponent("one-order.sqlite").path
    #expect(try SQLiteBackup.copy(database: path, to: backup).orders == 1)
    #expect(throws: SQLiteBackup.Failure.self, "a backup never overwrites a file") { try SQLiteBackup.copy(database: path, to: backup) }
    // Two copies to one new name at once: one names it, the other is refused; no partial is left.
    let raced = folder.appendingPathComponent("raced.sqlite").path
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<2 { group.addTask { (try? SQLiteBackup.copy(database: path, to: raced)) != nil } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1 && FileManager.default.fileExists(atPath: raced))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".partial") }, "no partial file left")
    try await InProcessAPI.with(.testing(location), adding: { _ in }) { http, _ async throws in
      #expect(try await http.post("/carts", body: Data(#"{"userId":2,"products":[{"productId":2,"quantity":1}]}"#.utf8)).status == 200)
    }
    let (summary, kept) = try SQLiteBackup.restore(from: backup, to: path, now: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(summary.orders == 1)
    #expect(kept == path + ".before-restore-1800000000")
    #expect(try SQLiteBackup.copy(database: try #require(kept), to: folder.appendingPathComponent("check.sqlite").path).orders == 2, "the replaced database, whole")

    let notAStore = folder.appendingPathComponent("notes.txt").path
    try "not a database".write(toFile: notAStore, atomically: true, encoding: .utf8)
    #expect(throws: (any Error).self) { try SQLiteBackup.restore(from: notAStore, to: path) }
    #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackup.restore(from: folder.appendingPathComponent("missing").path, to: path) }
    await remove()
  }
}

/// A value tasks share, behind a lock.
final class Kept<Value: Sendable>: Sendable {
  private let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result { value.withLock { body(&$0) } }
}
