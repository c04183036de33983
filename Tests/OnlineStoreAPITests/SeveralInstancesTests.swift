import Foundation
import OnlineStoreAPI
import StoreModels
import Testing

/// Two API instances on one PostgreSQL, as behind a load balancer: nothing one needs is in the
/// other's memory.
@Suite(.serialized)
struct SeveralInstancesTests {
  /// Both instances over one fresh database of `kind`.
  static func withTwoInstances(_ kind: TestDatabase, _ body: (HTTP, HTTP) async throws -> Void) async throws {
    let (location, remove) = try await kind.make()
    let first = try await TestServer(location: location)
    let second = try await TestServer(location: location)
    do {
      try await body(HTTP(baseURL: first.baseURL), HTTP(baseURL: second.baseURL))
    } catch {
      await first.stop()
      await second.stop()
      await remove()
      throw error
    }
    await first.stop()
    await second.stop()
    await remove()
  }

  static var postgres: [TestDatabase] { TestDatabase.all.filter { $0 == .postgres } }

  @Test(arguments: postgres)
  func aSaveThroughOneInstanceWakesAClientWaitingOnTheOther(database: TestDatabase) async throws {
    try await Self.withTwoInstances(database) { a, b in
      let number = try await a.keyCustomer("ada")
      let waiting = Task { try await b.get("/shop/carts/\(number)/updates?after=0&wait=20") }
      try await Task.sleep(for: .milliseconds(500))
      let saved = ContinuousClock.now
      #expect(try await a.cartChanges(number, #"{"quantities":{"3":2}}"#).status == 200)
      let heard = try await waiting.value
      let latency = ContinuousClock.now - saved
      #expect(try heard.status == 200 && heard.decode(SavedCart.self) == SavedCart(quantities: [3: 2], revision: 1))
      #expect(latency < .seconds(10), "heard through NOTIFY, not at the end of its 20 s wait (\(latency))")
      #expect(try await b.cartChanges(number, #"{"quantities":{"4":1}}"#).decode(SavedCart.self).quantities == [3: 2, 4: 1])
    }
  }

  @Test(arguments: postgres)
  func keysRegisteredThroughBothInstancesAtOnceGetNumbersOfTheirOwn(database: TestDatabase) async throws {
    try await Self.withTwoInstances(database) { a, b in
      let numbers = try await withThrowingTaskGroup(of: (String, Int).self) { group in
        for index in 0..<30 {
          let http = index.isMultiple(of: 2) ? a : b
          // Every key twice, once through each instance, from origins of their own.
          group.addTask { ("k\(index % 15)", try await http.keyCustomer("k\(index % 15)", origin: "192.0.2.\(index)")) }
        }
        var numbers: [String: Set<Int>] = [:]
        for try await (key, number) in group { numbers[key, default: []].insert(number) }
        return numbers
      }
      #expect(numbers.count == 15 && numbers.values.allSatisfy { $0.count == 1 }, "a key has one number, whichever instance asked")
      #expect(Set(numbers.values.compactMap(\.first)).count == 15, "no number is given twice")
      #expect(numbers.values.compactMap(\.first).allSatisfy { Customer.keyShopperNumbers.contains($0) })
      let number = try #require(numbers["k3"]?.first)
      #expect(try await b.order(.sample(userId: number)).status == 200, "an instance takes orders for a number the other gave")
    }
  }

  @Test(arguments: TestDatabase.all)
  func concurrentSavesOfOneCartLoseNothing(database: TestDatabase) async throws {
    try await Self.withTwoInstances(database) { a, b in
      try await withThrowingTaskGroup(of: Int.self) { group in
        for product in 1...20 {
          let http = product.isMultiple(of: 2) ? a : b
          group.addTask { try await http.cartChanges(1, "{\"quantities\":{\"\(product)\":\(product)}}").status }
        }
        for try await status in group { #expect(status == 200) }
      }
      let cart = try await a.get("/shop/carts/1").decode(SavedCart.self)
      #expect(cart.quantities == Dictionary(uniqueKeysWithValues: (1...20).map { ($0, $0) }))
      #expect(cart.revision == 20)
    }
  }
}
