import Foundation
import Shop
import StoreModels
import Testing

/// One host's stock followed once and relayed to every store of the host: each store hears the
/// levels there when it starts and each new one the front door publishes; an earlier run's
/// levels are gone before any store reads them.
struct StockRelayTests {
  func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stock-relay-\(UUID().uuidString)")
    try StockRelay.prepare(folder)
    return folder
  }

  @Test func everyListeningStoreHearsEachPublishedChange() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try StockRelay.publish(StockLevels(left: [1: 3]), in: folder, listeners: 10)
    var first = StockWatch.relayed(from: folder).levels().makeAsyncIterator()
    var second = StockWatch.relayed(from: folder).levels().makeAsyncIterator()
    #expect(await first.next() == StockLevels(left: [1: 3]), "what is there when the store starts")
    #expect(await second.next() == StockLevels(left: [1: 3]))
    try StockRelay.publish(StockLevels(left: [1: 2, 4: 0]), in: folder, listeners: 10)
    #expect(await first.next() == StockLevels(left: [1: 2, 4: 0]), "rung, and read again")
    #expect(await second.next() == StockLevels(left: [1: 2, 4: 0]))
  }

  @Test func anEarlierRunsLevelsAreGoneAndNothingIsHeardBeforeTheFirst() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try StockRelay.publish(StockLevels(left: [9: 1]), in: folder, listeners: 10)
    try StockRelay.prepare(folder)
    var levels = StockWatch.relayed(from: folder).levels().makeAsyncIterator()
    try StockRelay.publish(StockLevels(left: [2: 5]), in: folder, listeners: 10)
    #expect(await levels.next() == StockLevels(left: [2: 5]), "the first level heard is this run's")
  }
}
