import Synchronization

/// What wakes a ``ProgramLoop`` that runs for a person, kept until the loop takes it.
///
/// The wake-ups are kept as flags — input is waiting, the program's state changed, an animation
/// ticked, the terminal ended — so a flood of them, however long the loop is busy, takes no
/// memory. The loop takes waiting input before an ending (a key pressed just before a hang-up
/// still counts), and both before a change or a tick.
///
/// A wake-up may come from any thread. The loop's steps run on the main actor, in a task the
/// first wake-up after a quiet moment starts there (``serve(_:)``); the wake-ups that come while
/// it runs are taken by the same task. So a key from the terminal's thread reaches the loop in
/// one hop onto the main actor: a waiting task's continuation, resumed from another thread,
/// would go through the global pool first and then hop to the main actor — a second thread
/// woken for every key.
final class LoopWakeUps: Sendable {
  enum Event: Equatable, Sendable {
    case inputWaiting
    case ended(signal: Int32)
    case stateChanged
    case tick
  }

  /// A step of the loop, for one event; `false` ends the serving (the loop is finishing).
  typealias Step = @MainActor @Sendable (Event) async -> Bool

  private struct Waiting: ~Copyable {
    var inputWaiting = false
    var ending: Int32?
    var stateChanged = false
    var tick = false
    /// The loop's step, once it serves; `nil` again when it has stopped.
    var step: Step?
    /// Whether a task that takes the wake-ups is on its way or running.
    var isTaking = false

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

  /// Notes `event`, and starts a task on the main actor that takes it unless one is on its way.
  /// Safe from any thread.
  func post(_ event: Event) {
    let startsTaking = waiting.withLock { waiting -> Bool in
      switch event {
      case .inputWaiting: waiting.inputWaiting = true
      case let .ended(signal): waiting.ending = waiting.ending ?? signal
      case .stateChanged: waiting.stateChanged = true
      case .tick: waiting.tick = true
      }
      guard waiting.step != nil, !waiting.isTaking else { return false }
      waiting.isTaking = true
      return true
    }
    if startsTaking { Task { @MainActor in await self.takeAll() } }
  }

  /// From now on, hands every wake-up to `step`, one at a time on the main actor, until a step
  /// returns `false`; the wake-ups that came before are handed on at once. Safe from any thread.
  func serve(_ step: @escaping Step) {
    let startsTaking = waiting.withLock { waiting -> Bool in
      waiting.step = step
      guard !waiting.isTaking else { return false }
      waiting.isTaking = true
      return true
    }
    if startsTaking { Task { @MainActor in await self.takeAll() } }
  }

  /// Hands each waiting wake-up to the step until none is left (or the step ends the serving).
  @MainActor
  private func takeAll() async {
    while true {
      let next = waiting.withLock { waiting -> (Event, Step)? in
        guard let step = waiting.step, let event = waiting.take() else {
          waiting.isTaking = false
          return nil
        }
        return (event, step)
      }
      guard let (event, step) = next else { return }
      if await !step(event) {
        waiting.withLock { waiting in
          waiting.step = nil
          waiting.isTaking = false
        }
        return
      }
    }
  }
}
