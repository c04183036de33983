import Foundation
import StoreModels
import Synchronization

/// What is left of the products the shop sells, as this instance last read it, and the
/// requests waiting for it to change (`GET /shop/stock?after=<version>`).
///
/// However many shoppers follow the stock, the database is read once per change made here
/// (``changed()``, which the routes that take, give back or set stock call) and, while anyone
/// waits, once every ``checkInterval`` for changes made through other instances on the same
/// database. A waiting request costs a place in ``watchers`` and nothing else.
final class StockBoard: Sendable {
  /// How often an instance with waiting requests reads the stock for other instances' changes.
  static let checkInterval: Duration = .seconds(1)

  let watchers: ChangeWatchers<Topic>
  private let read: @Sendable () async throws -> StockLevels
  private let latest = Mutex<StockReading?>(nil)
  private let nudges: AsyncStream<Void>.Continuation
  private let nudged: AsyncStream<Void>

  /// The one thing stock requests wait for.
  enum Topic: Hashable, Sendable { case stock }

  /// A board that reads the stock with `read` and holds at most `capacity` requests at once.
  init(capacity: Int, read: @escaping @Sendable () async throws -> StockLevels) {
    watchers = ChangeWatchers(capacity: capacity, perTopic: capacity)
    self.read = read
    (nudged, nudges) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// The stock as last read, read now if it never was.
  func current() async throws -> StockReading {
    if let reading = latest.withLock({ $0 }) { return reading }
    return try await refresh()
  }

  /// Reads the stock again, and wakes the waiting requests if it changed.
  @discardableResult
  func refresh() async throws -> StockReading {
    let reading = StockReading(levels: try await read())
    let isNew = latest.withLock { latest in
      defer { latest = reading }
      return latest?.version != reading.version
    }
    if isNew { watchers.changed(.stock) }
    return reading
  }

  /// Stock was taken, given back or set through this instance: read it again soon.
  func changed() {
    nudges.yield()
  }

  /// Reads the stock after each change made here, and every ``checkInterval`` while a request
  /// waits, until the task is cancelled. A failed read is tried again at the next.
  func follow(clock: ElapsedClock) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { [self] in
        for await _ in nudged { _ = try? await refresh() }
      }
      group.addTask { [self] in
        while !Task.isCancelled {
          if watchers.count > 0 { _ = try? await refresh() }
          try? await clock.sleep(Self.checkInterval)
        }
      }
      await group.next()
      group.cancelAll()
    }
  }
}
