import Foundation
import GRDB
import Testing

@testable import SSHFrontDoor

/// A customer number per key, in the state directory's SQLite file.
struct KeyCustomersTests {
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("customers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  let home = ClientAddress(parsing: "203.0.113.7")!
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func eachKeyKeepsItsNumberAndNoTwoShareOne() throws {
    let customers = try SQLiteKeyCustomers(directory: try directory(), newKeysPerAddressPerHour: 100)
    #expect(try customers.number(for: "SHA256:ada", from: home, now: now) == 1_001)
    #expect(try customers.number(for: "SHA256:bob", from: home, now: now) == 1_002)
    #expect(try customers.number(for: "SHA256:ada", from: home, now: now) == 1_001, "the same key again")
  }

  @Test func numbersSurviveARestart() throws {
    let state = try directory()
    let before = try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 100)
    let ada = try before.number(for: "SHA256:ada", from: home, now: now)
    let after = try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 100)
    #expect(try after.number(for: "SHA256:ada", from: home, now: now) == ada)
    #expect(try after.number(for: "SHA256:bob", from: home, now: now) == ada + 1)
  }

  @Test func keysArrivingAtOnceOnTwoServersGetDifferentNumbers() throws {
    let state = try directory()
    let servers = [
      try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 1_000),
      try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 1_000),
    ]
    let numbers = CollectedNumbers()
    let now = self.now
    DispatchQueue.concurrentPerform(iterations: 40) { index in
      let address = ClientAddress(parsing: "198.51.100.\(index + 1)")!
      if let number = try? servers[index % 2].number(for: "SHA256:key\(index)", from: address, now: now) { numbers.add(number) }
    }
    #expect(numbers.all.count == 40)
    #expect(Set(numbers.all) == Set(1_001...1_040))
  }

  @Test func oneAddressMayBringOnlySoManyNewKeysAnHour() throws {
    let customers = try SQLiteKeyCustomers(directory: try directory(), newKeysPerAddressPerHour: 3)
    for index in 0..<3 { _ = try customers.number(for: "SHA256:k\(index)", from: home, now: now) }
    #expect(throws: KeyCustomersError.tooManyNewKeys(limit: 3)) {
      try customers.number(for: "SHA256:k3", from: home, now: now.addingTimeInterval(60))
    }
    #expect(try customers.number(for: "SHA256:k0", from: home, now: now) == 1_001, "a key already known still logs in")
    #expect(try customers.number(for: "SHA256:k3", from: ClientAddress(parsing: "198.51.100.1")!, now: now) == 1_004)
    #expect(try customers.number(for: "SHA256:k4", from: home, now: now.addingTimeInterval(3_601)) == 1_005, "an hour later")
    let v6 = try SQLiteKeyCustomers(directory: try directory(), newKeysPerAddressPerHour: 1)
    _ = try v6.number(for: "SHA256:a", from: ClientAddress(parsing: "2001:db8:0:1::1")!, now: now)
    #expect(throws: KeyCustomersError.tooManyNewKeys(limit: 1)) {
      try v6.number(for: "SHA256:b", from: ClientAddress(parsing: "2001:db8:0:1::99")!, now: now)
    }
  }

  @Test func version11sNumbersAreTakenInUnchanged() throws {
    let state = try directory()
    try #"{"SHA256:ada": 1001, "SHA256:bob": 1007}"#.write(to: state.appendingPathComponent("customers.json"), atomically: true, encoding: .utf8)
    let customers = try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 10)
    #expect(try customers.number(for: "SHA256:bob", from: home, now: now) == 1_007)
    #expect(try customers.number(for: "SHA256:carol", from: home, now: now) == 1_008)
    #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("customers.json").path))
    #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("customers.json.imported").path))
  }

  @Test func aDamagedVersion11FileStopsTheServerAndIsKept() throws {
    let state = try directory()
    let file = state.appendingPathComponent("customers.json")
    try "{ not json".write(to: file, atomically: true, encoding: .utf8)
    #expect(throws: KeyCustomersError.self) { try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 10) }
    #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
  }

  /// 200,000 keys, the number at which decoding customers.json at each login froze every
  /// shopper for seconds: a login is one indexed look-up. Told by SQLite's plan for each
  /// statement a login runs (a search in an index, never a scan of the table), not by a
  /// stopwatch; and the logins still find their numbers.
  @Test func aLoginCostsTheSameWithTwoHundredThousandKeys() throws {
    let state = try directory()
    let customers = try SQLiteKeyCustomers(directory: state, newKeysPerAddressPerHour: 10)
    let database = try DatabaseQueue(path: state.appendingPathComponent("customers.sqlite").path)
    try database.write { db in
      let insert = try db.makeStatement(sql: "INSERT INTO key_customers (fingerprint, number, first_address, registered) VALUES (?, ?, 'x', 0)")
      for index in 0..<200_000 { try insert.execute(arguments: ["SHA256:seed\(index)", 2_000 + index]) }
    }
    for statement in SQLiteKeyCustomers.Statements.all {
      let plan = try database.read { db in
        let placeholders = [String](repeating: "x", count: statement.filter { $0 == "?" }.count)
        return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement, arguments: StatementArguments(placeholders)).map { $0["detail"] as String }
      }
      #expect(!plan.isEmpty && plan.allSatisfy { $0.hasPrefix("SEARCH") }, "\(statement): \(plan)")
    }
    for index in stride(from: 0, to: 200_000, by: 2_000) {
      #expect(try customers.number(for: "SHA256:seed\(index)", from: home, now: now) == 2_000 + index)
    }
    #expect(try customers.number(for: "SHA256:new", from: home, now: now) == 202_000)
  }
}

/// Numbers collected from several threads.
final class CollectedNumbers: @unchecked Sendable {
  private let lock = NSLock()
  private var numbers: [Int] = []
  func add(_ number: Int) { lock.withLock { numbers.append(number) } }
  var all: [Int] { lock.withLock { numbers } }
}
