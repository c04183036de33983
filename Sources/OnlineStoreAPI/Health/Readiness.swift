import Synchronization

/// Whether this instance should be sent shoppers now — what `GET /readyz` answers a load
/// balancer: the database answers a query within ``databaseDeadline``, and the server is not
/// stopping. (The catalog needs no check of its own: the routes exist only once it is loaded,
/// and it is served from memory after that.) The drain flag goes up at the very start of a graceful stop
/// (``beginDraining()``, from ``DrainWatch``), so a balancer that asks takes the host out while
/// the requests under way are still being answered.
public final class Readiness: Sendable {
  /// One look at each condition, as `/readyz` reports it.
  struct Report: Encodable, Equatable {
    var ready: Bool
    /// "ok", "unreachable" or "no answer within 2 s": never the error itself, which can name
    /// hosts and users. (`onFailure` is given it; the server does not log it yet.)
    var database: String
    var draining: Bool
  }

  /// The longest the database is given to answer a readiness check.
  static let databaseDeadline: Duration = .seconds(2)

  private let draining = Mutex(false)
  private let probeDatabase: @Sendable () async throws -> Void
  private let clock: ElapsedClock
  private let onFailure: @Sendable (String) -> Void

  init(
    probeDatabase: @escaping @Sendable () async throws -> Void, clock: ElapsedClock,
    onFailure: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.probeDatabase = probeDatabase
    self.clock = clock
    self.onFailure = onFailure
  }

  /// From now on the instance says it is not ready.
  public func beginDraining() {
    draining.withLock { $0 = true }
  }

  public var isDraining: Bool { draining.withLock { $0 } }

  func check() async -> Report {
    let database = await databaseState()
    let draining = isDraining
    return Report(ready: database == "ok" && !draining, database: database, draining: draining)
  }

  /// The probe against the deadline, whichever ends first; a probe that never returns is left
  /// behind (cancelled), not waited for.
  private func databaseState() async -> String {
    let first = FirstOutcome()
    let probe = Task { [probeDatabase, onFailure] in
      do {
        try await probeDatabase()
        first.give("ok")
      } catch {
        onFailure("the readiness check's database query failed: \(error)")
        first.give("unreachable")
      }
    }
    let timer = Task { [clock] in
      try await clock.sleep(Self.databaseDeadline)
      first.give("no answer within \(Self.databaseDeadline.components.seconds) s")
    }
    let outcome = await first.value()
    probe.cancel()
    timer.cancel()
    return outcome
  }

  /// The first of several answers, given once.
  private final class FirstOutcome: Sendable {
    private let state = Mutex<(outcome: String?, waiter: CheckedContinuation<String, Never>?)>((nil, nil))

    func give(_ outcome: String) {
      let waiter = state.withLock { state -> CheckedContinuation<String, Never>? in
        guard state.outcome == nil else { return nil }
        state.outcome = outcome
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: outcome)
    }

    func value() async -> String {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> String? in
          if let outcome = state.outcome { return outcome }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
