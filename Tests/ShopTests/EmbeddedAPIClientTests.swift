import Clocks
import Foundation
import Boundaries
import Shop
import StoreTestSupport
import Testing

/// The embedded demo store: its catalog, its customers, its orders and its latency.
struct EmbeddedAPIClientTests {
  @Test func theCatalogIsOursAndExercisesWideText() throws {
    let products = try DemoCatalog.products()
    #expect((18...24).contains(products.count))
    #expect(Set(products.map(\.category)).count == 4)
    #expect(Set(products.map(\.id)).count == products.count)
    let titles = products.map(\.title)
    #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }, "Korean")
    #expect(titles.contains { $0.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } }, "Japanese")
    #expect(titles.contains { $0.contains("é") || $0.contains("è") }, "accented Latin")
    #expect(products.contains { $0.price > Money(cents: 100_000) }, "a price with a thousands separator")
  }

  @Test func servesProductsAfterTheLatencyAndNotBefore() async throws {
    let clock = WatchedClock()
    let client = APIClient.embedded(latency: .milliseconds(300), clock: clock)
    let answered = LockIsolated(false)
    let fetch = Task {
      defer { answered.setValue(true) }
      return try await client.fetchProducts()
    }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(299))
    for _ in 0..<100 { await Task.yield() }
    #expect(!answered.value, "no answer before the latency has passed")
    await clock.advance(by: .milliseconds(1))
    #expect(try await fetch.value.products.count == (try DemoCatalog.products()).count)
  }

  @Test func servesItsCustomersAndNoOneElse() async throws {
    let client = APIClient.embedded(latency: .zero, clock: ImmediateClock())
    #expect(try await client.fetchUserProfile(id: 1).fullName == "Ada Lovelace")
    await #expect(throws: APIError.notFound("user 7")) { try await client.fetchUserProfile(id: 7) }
  }

  @Test func numbersOrdersAndRefusesBadOnes() async throws {
    let client = APIClient.embedded(latency: .zero, clock: ImmediateClock())
    let order = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 3, quantity: 2)])
    #expect(try await client.sendOrder(order.attempt("k0")).id == 1)
    #expect(try await client.sendOrder(order.attempt("k1")).id == 2)

    let unknownProduct = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 999, quantity: 1)])
    await #expect(throws: APIError.httpStatus(400)) { try await client.sendOrder(unknownProduct.attempt("k2")) }
    let empty = OrderRequest(userId: 1, date: .orderDate, products: [])
    await #expect(throws: APIError.httpStatus(400)) { try await client.sendOrder(empty.attempt("k3")) }
  }

  @Test func anOrderSentAgainWithItsKeyIsTakenOnce() async throws {
    let client = APIClient.embedded(latency: .zero, clock: ImmediateClock())
    let order = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 3, quantity: 2)])
    let first = try await client.sendOrder(order.attempt("same"))
    #expect(try await client.sendOrder(order.attempt("same")) == first)
    // A new key is a new order.
    #expect(try await client.sendOrder(order.attempt("other")).id == 2)
    // The same key with another order is refused, as the API server does.
    let changed = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 3, quantity: 1)])
    await #expect(throws: APIError.httpStatus(422)) { try await client.sendOrder(changed.attempt("same")) }
  }
}
