import Boundaries
import Dependencies
import Foundation
import Shop

/// How the back office hears that something changed at the store — a new order, a change
/// another operator made — without a key: a stream of the store's pulse, each one different
/// from the one before.
///
/// A console asks every ``interval`` (``polling(every:clock:fetch:)``): the pulse is two
/// numbers read from two indexes, and a new order shows within that time and one fetch,
/// whichever API instance took it.
public struct PulseWatch: Sendable {
  public var pulses: @Sendable () -> AsyncStream<BackOfficePulse>

  public init(pulses: @escaping @Sendable () -> AsyncStream<BackOfficePulse>) {
    self.pulses = pulses
  }

  /// How often a console asks.
  public static let interval: Duration = .milliseconds(250)

  /// Hears nothing, and finishes at once.
  public static let none = PulseWatch { AsyncStream { $0.finish() } }

  /// Asks `fetch` every `interval` (``Polling``).
  public static func polling(
    every interval: Duration = Self.interval, clock: any Clock<Duration> = ContinuousClock(),
    fetch: @escaping @Sendable () async throws -> BackOfficePulse
  ) -> PulseWatch {
    PulseWatch { Polling.changes(every: interval, clock: clock, fetch: fetch) }
  }
}

extension PulseWatch {
  /// An effect that sends `action` of each pulse heard, for as long as the store runs.
  func listen<Action: Sendable>(_ action: @escaping @Sendable (BackOfficePulse) -> Action) -> Effect<Action> {
    .run { send in
      for await pulse in pulses() { await send(action(pulse)) }
    }
  }
}

extension PulseWatch: DependencyKey {
  public static let liveValue = PulseWatch.none
  public static let testValue = PulseWatch.none
}

extension DependencyValues {
  public var pulseWatch: PulseWatch {
    get { self[PulseWatch.self] }
    set { self[PulseWatch.self] = newValue }
  }
}
