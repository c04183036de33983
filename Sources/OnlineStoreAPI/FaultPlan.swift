import Foundation
import Synchronization
import Hummingbird

/// Faults to inject, for testing clients against a store that misbehaves the way real ones do:
///
///     --fault latency=200ms,error-rate=0.1,timeout-rate=0.05,hold=30s,seed=7
///
/// - `latency=DURATION`: every request waits this long before it is handled.
/// - `error-rate=P`: this share of requests is answered 503 without being handled (nothing is
///   stored): a store that is briefly down.
/// - `timeout-rate=P`: this share is handled — an order *is* stored — but the answer is held back
///   for `hold` (default 60 s): the client gives up first and cannot know the order landed.
/// - `seed=N`: the same faults for the same requests, run after run.
/// - `route=PATH`: faults only for requests whose path is `PATH` or below it (`route=/carts`:
///   orders, not the open carts of `/shop/carts`); every request without it.
///
/// Durations are written `250ms`, `2s` or `1.5s`; shares between 0 and 1.
public struct FaultPlan: Sendable, Equatable {
  public var latency: Duration = .zero
  public var errorRate = 0.0
  public var timeoutRate = 0.0
  public var hold: Duration = .seconds(60)
  public var seed: UInt64?
  /// The path the faults are limited to, with what is below it; `nil` for every path.
  public var route: String?

  public init() {}

  /// Whether the faults apply to a request for `path`.
  func applies(to path: String) -> Bool {
    // The health checks tell a balancer about the instance, not about its faults.
    if path == "/livez" || path == "/readyz" { return false }
    guard let route else { return true }
    return path == route || path.hasPrefix(route.hasSuffix("/") ? route : route + "/")
  }

  public var isEmpty: Bool { latency == .zero && errorRate == 0 && timeoutRate == 0 }

  public init(parsing text: String) throws {
    for item in text.split(separator: ",") {
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2 else { throw FaultPlanError("'\(item)' is not NAME=VALUE") }
      switch parts[0] {
      case "latency": latency = try Self.duration(parts[1])
      case "hold": hold = try Self.duration(parts[1])
      case "error-rate": errorRate = try Self.share(parts[1])
      case "timeout-rate": timeoutRate = try Self.share(parts[1])
      case "route":
        guard parts[1].hasPrefix("/"), parts[1].count <= 200 else { throw FaultPlanError("route must be a path such as /carts") }
        route = parts[1]
      case "seed":
        guard let seed = UInt64(parts[1]) else { throw FaultPlanError("seed must be a whole number") }
        self.seed = seed
      default:
        throw FaultPlanError("unknown fault '\(parts[0])'; known: latency, error-rate, timeout-rate, hold, seed, route")
      }
    }
    guard errorRate + timeoutRate <= 1 else { throw FaultPlanError("error-rate and timeout-rate add up to more than 1") }
  }

  private static func duration(_ text: String) throws -> Duration {
    let (number, scale): (Substring, Double) =
      if text.hasSuffix("ms") { (text.dropLast(2), 0.001) } else if text.hasSuffix("s") { (text.dropLast(), 1) } else { (Substring(text), -1) }
    guard scale > 0, let value = Double(number), value >= 0, value <= 3_600 else {
      throw FaultPlanError("'\(text)' is not a duration such as 250ms or 2s")
    }
    return .milliseconds(Int((value * scale * 1_000).rounded()))
  }

  private static func share(_ text: String) throws -> Double {
    guard let value = Double(text), (0...1).contains(value) else { throw FaultPlanError("'\(text)' is not a share between 0 and 1") }
    return value
  }
}

public struct FaultPlanError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// Applies a ``FaultPlan`` to every request. Its latency and its held answers are waits on the
/// server's clock, so a test can run them on a test clock.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
  let plan: FaultPlan
  let dice: Dice
  let clock: ElapsedClock

  init(plan: FaultPlan, clock: ElapsedClock = .continuous) {
    self.plan = plan
    self.dice = Dice(seed: plan.seed)
    self.clock = clock
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    guard plan.applies(to: request.uri.path) else { return try await next(request, context) }
    if plan.latency > .zero { try await clock.sleep(plan.latency) }
    let roll = dice.roll()
    if roll < plan.errorRate {
      return JSONAnswer.error("the store is briefly unavailable (an injected fault)", status: .serviceUnavailable)
    }
    let response = try await next(request, context)
    if roll < plan.errorRate + plan.timeoutRate {
      try await clock.sleep(plan.hold)
    }
    return response
  }

  /// Uniform numbers in 0..<1, from a seed when one is given. Shared by every request.
  final class Dice: Sendable {
    private let state: Mutex<UInt64>

    init(seed: UInt64?) {
      state = Mutex(seed ?? UInt64.random(in: 1 ... .max))
    }

    func roll() -> Double {
      // SplitMix64: small, fast, and the same sequence for the same seed everywhere.
      let next = state.withLock { state -> UInt64 in
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
      return Double(next >> 11) / Double(1 << 53)
    }
  }
}
