import NIOCore

/// What a stage of a session's pipeline tells the stages after it (as a user inbound event):
/// the store's session (``StoreSession``) acts on it.
enum SessionStageEvent: Equatable, Sendable {
  /// The client's input outran its allowance for the first time (``InputRateLimiter``).
  case inputOverRate
  /// The client has sent nothing for the idle timeout (``IdleWatch``); told again after each
  /// further timeout without input.
  case idle
}

/// The time of a stage's event loop as a `ContinuousClock` instant: the real time on a real
/// loop, the test's on an `EmbeddedEventLoop` — so that the stages' rules, written in
/// `ContinuousClock` terms, run on virtual time in tests.
struct LoopTime {
  private let instant = ContinuousClock.now
  private let deadline: NIODeadline

  init(_ eventLoop: any EventLoop) {
    deadline = eventLoop.now
  }

  func now(_ eventLoop: any EventLoop) -> ContinuousClock.Instant {
    instant + .nanoseconds(Int64(eventLoop.now.uptimeNanoseconds) - Int64(deadline.uptimeNanoseconds))
  }
}
