import NIOConcurrencyHelpers

/// How many new orders each customer may still place now: a bucket per customer that fills at
/// ``APILimits/ordersPerCustomerPerMinute`` a minute, up to that many. A shopper places a few
/// orders an hour; a script placing thousands under one customer number is slowed to the rate.
///
/// Kept in this instance's memory: with several instances behind a balancer each holds its own
/// buckets, so a customer's rate is at most the limit times the instances. Customers whose
/// bucket is full again are forgotten, so the table holds only the customers ordering now.
///
/// Time is the server's ``ElapsedClock``: a test fills a bucket on a test clock, not by waiting.
final class OrderRateLimiter: Sendable {
  private struct Bucket {
    var available: Double
    /// When the bucket was last counted, as the clock's time since it was made.
    var updated: Duration
  }

  let perMinute: Int
  private let clock: ElapsedClock
  private let buckets = NIOLockedValueBox<[Int: Bucket]>([:])

  init(perMinute: Int, clock: ElapsedClock = .continuous) {
    self.perMinute = perMinute
    self.clock = clock
  }

  /// Takes one of `customer`'s orders for an order about to be stored: `nil` when there was one
  /// (the order may go ahead), else how long until there is. Checking and taking are one step
  /// under the lock, so orders arriving together cannot all pass a check made before any of
  /// them was counted; one that is then not stored gives its order back (``giveBack(by:)``;
  /// ``spending(for:isNew:_:)`` does both around the placing).
  func reserve(for customer: Int) -> Duration? {
    let now = clock.elapsed()
    return buckets.withLockedValue { buckets in
      let available = Self.refilled(buckets[customer], perMinute: perMinute, now: now)
      guard available >= 1 else { return .seconds((1 - available) * 60 / Double(perMinute)) }
      buckets[customer] = Bucket(available: available - 1, updated: now)
      if buckets.count > 10_000 {
        buckets = buckets.filter { Self.refilled($0.value, perMinute: perMinute, now: now) < Double(perMinute) }
      }
      return nil
    }
  }

  /// Runs `place` with one of `customer`'s orders reserved, and keeps it only when `isNew` says
  /// the order was a new one: a replay of an order already stored, a refusal, or an error thrown
  /// gives it back — here, on every path, rather than by each caller. `.wait` (and no call) when
  /// the customer has no order left now.
  func spending<Placed: Sendable>(
    for customer: Int, isNew: (Placed) -> Bool, _ place: () async throws -> Placed
  ) async throws -> Spent<Placed> {
    if let wait = reserve(for: customer) { return .wait(wait) }
    do {
      let placed = try await place()
      if !isNew(placed) { giveBack(by: customer) }
      return .placed(placed)
    } catch {
      giveBack(by: customer)
      throw error
    }
  }

  /// What ``spending(for:isNew:_:)`` came to.
  enum Spent<Placed: Sendable>: Sendable {
    case placed(Placed)
    /// The customer's orders are spent for now: the next comes in this long.
    case wait(Duration)
  }

  /// An order reserved with ``reserve(for:)`` was not a new one after all (refused, failed, or
  /// a replay of one already stored): it costs `customer` nothing.
  func giveBack(by customer: Int) {
    let now = clock.elapsed()
    buckets.withLockedValue { buckets in
      let available = Self.refilled(buckets[customer], perMinute: perMinute, now: now)
      buckets[customer] = Bucket(available: min(Double(perMinute), available + 1), updated: now)
    }
  }

  private static func refilled(_ bucket: Bucket?, perMinute: Int, now: Duration) -> Double {
    guard let bucket else { return Double(perMinute) }
    let elapsed = now - bucket.updated
    let minutes = (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / 60
    return min(Double(perMinute), bucket.available + minutes * Double(perMinute))
  }
}
