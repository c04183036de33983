import Foundation
import StoreModels
import Testing

@testable import OnlineStoreAPI

/// Who may order and keep a cart: accounts, and key numbers given out; the numbers found are
/// remembered only up to a bound, and past it the database is asked.
struct KnownCustomersTests {
  @Test func numbersAreRememberedUpToTheBoundAndAskedForPastIt() async throws {
    let (location, remove) = try await TestDatabase.sqlite.make()
    guard case let .sqlite(path) = location else { return }
    let database = try SQLiteStoreDatabase(path: path)
    _ = try await database.prepare(loading: StoreCatalog.demo())
    var numbers: [Int] = []
    for index in 0..<5 {
      guard case let .registered(number) = try await database.keyCustomer(fingerprint: "SHA256:k\(index)", origin: "o\(index)", now: Date(), newKeysPerHour: 1)
      else { throw TestFailure("no number") }
      numbers.append(number)
    }
    let customers = KnownCustomers(accounts: [1, 2], database: database, rememberedLimit: 3)
    #expect(try await customers.contains(1), "an account")
    #expect(try await !customers.contains(3), "neither an account nor a key's number")
    #expect(try await !customers.contains(numbers.last! + 1), "a key number never given")
    for number in numbers { #expect(try await customers.contains(number)) }
    #expect(customers.rememberedCount == 3, "no more than the bound, however many are found")
    #expect(try await customers.contains(numbers[4]), "one past the bound is still found, in the database")
    await database.close()
    await remove()
  }
}
