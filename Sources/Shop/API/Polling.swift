import Foundation

/// Asking a store the same question over and over, and hearing only when the answer changes:
/// how the shop hears the stock and the back office the store's pulse.
public enum Polling {
  /// Asks `fetch` now and then every `interval`, passing on each answer that differs from the
  /// last. A failed ask is skipped: the answer last heard stands until the store answers again.
  /// Ends when the stream's reader stops reading.
  public static func changes<Value: Equatable & Sendable>(
    every interval: Duration, clock: any Clock<Duration>, fetch: @escaping @Sendable () async throws -> Value
  ) -> AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task {
        var last: Value?
        while !Task.isCancelled {
          if let value = try? await fetch(), value != last {
            last = value
            continuation.yield(value)
          }
          do { try await clock.sleep(for: interval) } catch { break }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
