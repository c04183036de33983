import Clocks
import Shop
import Synchronization
import Testing

/// Each save is timed on the clock it is given and told as saved or failed, and the result (or
/// the error) still reaches the store unchanged.
struct CartSaveTimingTests {
  @Test func eachSaveIsToldWithItsTimeAndWhetherItFailed() async throws {
    let clock = TestClock()
    let told = Mutex<[(Duration, Bool)]>([])
    let failNext = Mutex(false)
    var inner = CartStorage.inMemory()
    let save = inner.apply
    inner.apply = { changes in
      await clock.advance(by: .milliseconds(7))
      if failNext.withLock({ $0 }) { throw CartStorageError.unwritable(path: "cart.json", reason: "the disk is full") }
      return try await save(changes)
    }
    let storage = inner.timingSaves(on: clock) { duration, failed in told.withLock { $0.append((duration, failed)) } }
    let saved = try await storage.apply(CartChanges(quantities: [3: 2]))
    #expect(saved.quantities[3] == 2, "the save's result is the store's")
    failNext.withLock { $0 = true }
    await #expect(throws: CartStorageError.unwritable(path: "cart.json", reason: "the disk is full")) { try await storage.apply(CartChanges(quantities: [3: 1])) }
    let seen = told.withLock { $0 }
    #expect(seen.map(\.0) == [.milliseconds(7), .milliseconds(7)])
    #expect(seen.map(\.1) == [false, true])
  }

  /// A save cancelled (the store ending in the middle of it) is neither saved nor failed.
  @Test func aCancelledSaveIsNotTold() async throws {
    let told = Mutex(0)
    var inner = CartStorage.inMemory()
    inner.apply = { _ in throw CancellationError() }
    let storage = inner.timingSaves { _, _ in told.withLock { $0 += 1 } }
    await #expect(throws: CancellationError.self) { try await storage.apply(CartChanges(quantities: [3: 1])) }
    #expect(told.withLock { $0 } == 0)
  }
}
