import Dependencies
import Foundation

/// How the shop hears what is left of each product while it runs: a stream of the levels,
/// each one different from the one before.
///
/// The default hears nothing (the embedded catalog and FakeStore have no stock). A shop at a
/// store that keeps stock asks it every few seconds (``polling(every:fetch:)``): one small
/// request per session, answered from one table, and a stepper that stops at what is left
/// within that time of a sale elsewhere. An order the stock cannot cover is refused by the store
/// whatever the shop last heard, so the count is never the shop's to get right.
public struct StockWatch: Sendable {
  public var levels: @Sendable () -> AsyncStream<StockLevels>

  public init(levels: @escaping @Sendable () -> AsyncStream<StockLevels>) {
    self.levels = levels
  }

  /// How often a shop at a store with stock asks what is left.
  public static let interval: Duration = .seconds(3)

  /// Hears nothing, and finishes at once.
  public static let none = StockWatch { AsyncStream { $0.finish() } }

  /// Asks `fetch` every `interval` (``Polling``).
  public static func polling(
    every interval: Duration, clock: any Clock<Duration> = ContinuousClock(), fetch: @escaping @Sendable () async throws -> StockLevels
  ) -> StockWatch {
    StockWatch { Polling.changes(every: interval, clock: clock, fetch: fetch) }
  }
}

extension StockWatch: DependencyKey {
  public static let liveValue = StockWatch.none
  public static let testValue = StockWatch.none
}

extension DependencyValues {
  /// What the shop hears of the store's stock.
  public var stockWatch: StockWatch {
    get { self[StockWatch.self] }
    set { self[StockWatch.self] = newValue }
  }
}
