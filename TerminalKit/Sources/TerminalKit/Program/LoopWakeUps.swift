import Synchronization

/// What wakes a ``ProgramLoop`` that runs for a person, kept until the loop takes it.
///
/// The wake-ups are kept as flags — input is waiting, the program's state changed, an animation
/// ticked, the terminal ended — so a flood of them, however long the loop is busy, takes no
/// memory: the `AsyncStream` this replaces kept one element per wake-up, without a bound. The
/// loop takes waiting input before an ending (a key pressed just before a hang-up still counts),
/// and both before a change or a tick.
///
/// The loop waits on its own actor (``next(isolation:)``); a wake-up may come from any thread.
final class LoopWakeUps: Sendable {
  enum Event: Equatable, Sendable {
    case inputWaiting
    case ended(signal: Int32)
    case stateChanged
    case tick
  }

  private struct Waiting: ~Copyable {
    var inputWaiting = false
    var ending: Int32?
    var stateChanged = false
    var tick = false
    var loop: UnsafeContinuation<Void, Never>?

    var isEmpty: Bool { !inputWaiting && ending == nil && !stateChanged && !tick }

    mutating func take() -> Event? {
      if inputWaiting {
        inputWaiting = false
        return .inputWaiting
      }
      if let signal = ending {
        // An ending stays: the loop is finishing, and a second look sees it again.
        return .ended(signal: signal)
      }
      if stateChanged {
        stateChanged = false
        return .stateChanged
      }
      if tick {
        tick = false
        return .tick
      }
      return nil
    }
  }

  private let waiting = Mutex(Waiting())

  /// Notes `event` and wakes the loop if it waits. Safe from any thread.
  func post(_ event: Event) {
    let loop = waiting.withLock { waiting -> UnsafeContinuation<Void, Never>? in
      switch event {
      case .inputWaiting: waiting.inputWaiting = true
      case let .ended(signal): waiting.ending = waiting.ending ?? signal
      case .stateChanged: waiting.stateChanged = true
      case .tick: waiting.tick = true
      }
      defer { waiting.loop = nil }
      return waiting.loop
    }
    loop?.resume()
  }

  /// The next wake-up, waiting on the caller's actor for one; `nil` once the caller's task is
  /// cancelled.
  func next(isolation: isolated (any Actor)? = #isolation) async -> Event? {
    while !Task.isCancelled {
      if let event = waiting.withLock({ $0.take() }) { return event }
      await withTaskCancellationHandler {
        await withUnsafeContinuation(isolation: isolation) { (loop: UnsafeContinuation<Void, Never>) in
          let wakeNow = waiting.withLock { waiting -> Bool in
            guard waiting.isEmpty, !Task.isCancelled else { return true }
            waiting.loop = loop
            return false
          }
          if wakeNow { loop.resume() }
        }
      } onCancel: {
        waiting.withLock { waiting -> UnsafeContinuation<Void, Never>? in
          defer { waiting.loop = nil }
          return waiting.loop
        }?.resume()
      }
    }
    return nil
  }
}
