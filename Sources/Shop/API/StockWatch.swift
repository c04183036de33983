import Dependencies
import Foundation

/// How the shop hears what is left of each product while it runs: a stream of the levels,
/// each one different from the one before.
///
/// The default hears nothing (the embedded catalog has no stock). A shop at a store's own server
/// follows it (``following(_:clock:)``): it asks once what the server offers, and a server that
/// tells its stock is asked for it once and then held — one request at a time, answered when the
/// stock changes or after ``StoreServer/stockWait`` — so an idle shopper costs the server about
/// two requests a minute, and a sale elsewhere reaches the stepper within a moment. A FakeStore
/// server, which offers no stock, is never asked. An order the stock cannot cover is refused by
/// the store whatever the shop last heard, so the count is never the shop's to get right.
public struct StockWatch: Sendable {
  public var levels: @Sendable () -> AsyncStream<StockLevels>

  public init(levels: @escaping @Sendable () -> AsyncStream<StockLevels>) {
    self.levels = levels
  }

  /// Hears nothing, and finishes at once.
  public static let none = StockWatch { AsyncStream { $0.finish() } }

  /// The longest pause between tries after the server could not be asked.
  public static let longestRetryDelay: Duration = .seconds(30)
  /// The pause before asking again after an answer that brought a change…
  public static let shortestPause: Duration = .milliseconds(250)
  /// …and after one that brought none.
  public static let pauseWithoutChange: Duration = .seconds(1)

  /// Follows `server`'s stock for as long as the stream is read: nothing at all when the server
  /// offers no stock. When the server cannot be reached it is asked again after 1, 2, 4… up to
  /// ``longestRetryDelay`` seconds on `clock`.
  public static func following(_ server: StoreServer, clock: any Clock<Duration> = ContinuousClock()) -> StockWatch {
    following(offer: { () async throws(APIError) in try await server.offer() }, stock: { version async throws(APIError) in try await server.stock(after: version) }, clock: clock)
  }

  /// ``following(_:clock:)`` with the server's two questions given as functions: what it offers,
  /// and the stock after a version (`nil`: no change within the server's wait).
  public static func following(
    offer: @escaping @Sendable () async throws(APIError) -> ServerOffer,
    stock: @escaping @Sendable (_ after: String?) async throws(APIError) -> StockReading?,
    clock: any Clock<Duration>
  ) -> StockWatch {
    StockWatch {
      AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
        let task = Task {
          var version: String?
          var delay: Duration = .seconds(1)
          while !Task.isCancelled {
            do throws(APIError) {
              guard try await offer().followsStock else { break }
              let reading = try await stock(version)
              let changed = reading.map { $0.version != version } ?? false
              if let reading, changed {
                continuation.yield(reading.levels)
                version = reading.version
              }
              delay = .seconds(1)
              // However quickly a server answers, the next request waits a moment: a server that
              // does not hold requests (or repeats itself) is asked once a second, not in a loop.
              do { try await clock.sleep(for: changed ? shortestPause : pauseWithoutChange) } catch { break }
            } catch {
              do { try await clock.sleep(for: delay) } catch { break }
              delay = min(delay * 2, longestRetryDelay)
            }
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }

  /// One look at `server`'s stock, then the stream ends: what `onlinestore snapshot` shows. A
  /// server that offers no stock, or cannot be asked, is shown without one.
  public static func once(_ server: StoreServer) -> StockWatch {
    once(offer: { () async throws(APIError) in try await server.offer() }, stock: { version async throws(APIError) in try await server.stock(after: version) })
  }

  /// ``once(_:)`` with the server's two questions given as functions.
  public static func once(
    offer: @escaping @Sendable () async throws(APIError) -> ServerOffer,
    stock: @escaping @Sendable (_ after: String?) async throws(APIError) -> StockReading?
  ) -> StockWatch {
    StockWatch {
      AsyncStream { continuation in
        let task = Task {
          if (try? await offer().followsStock) == true, let reading = try? await stock(nil) {
            continuation.yield(reading.levels)
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
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
