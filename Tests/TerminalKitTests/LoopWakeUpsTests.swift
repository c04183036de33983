import Foundation
import Synchronization
import Testing

@testable import TerminalKit

/// The program loop's mailbox: bounded whatever comes, handed on in the order the loop handles
/// things, one step at a time on the main actor, woken from any thread.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LoopWakeUpsTests {
  /// What the steps were handed, in order, and a word each time one was.
  final class Steps: Sendable {
    let handed = Mutex<[LoopWakeUps.Event]>([])
    let (each, eachTaken) = AsyncStream.makeStream(of: Void.self)

    func record(_ event: LoopWakeUps.Event) {
      handed.withLock { $0.append(event) }
      eachTaken.yield()
    }

    var events: [LoopWakeUps.Event] { handed.withLock { $0 } }
  }

  /// Waits until `steps` has been handed `count` events.
  private func waitFor(_ count: Int, in steps: Steps) async {
    var iterator = steps.each.makeAsyncIterator()
    while steps.events.count < count {
      _ = await iterator.next()
    }
  }

  /// A hundred thousand wake-ups while the loop is busy are one of each kind, not a queue.
  @Test func aFloodOfWakeUpsIsKeptAsOneOfEachKind() async {
    let wakeUps = LoopWakeUps()
    for _ in 0..<100_000 { wakeUps.post(.inputWaiting) }
    for _ in 0..<1_000 {
      wakeUps.post(.stateChanged)
      wakeUps.post(.tick)
    }
    let steps = Steps()
    wakeUps.serve { event in
      steps.record(event)
      return true
    }
    await waitFor(3, in: steps)
    #expect(steps.events == [.inputWaiting, .stateChanged, .tick])
    // Nothing more is kept: the next step comes with the next wake-up.
    wakeUps.post(.stateChanged)
    await waitFor(4, in: steps)
    #expect(steps.events == [.inputWaiting, .stateChanged, .tick, .stateChanged])
  }

  /// Input before an ending (a key pressed just before a hang-up counts), both before a change
  /// or a tick; the first ending is the one kept, and a step that ends the serving is the last.
  @Test func inputComesBeforeAnEndingAndBothBeforeAChange() async {
    let wakeUps = LoopWakeUps()
    wakeUps.post(.tick)
    wakeUps.post(.stateChanged)
    wakeUps.post(.ended(signal: 15))
    wakeUps.post(.ended(signal: 1))
    wakeUps.post(.inputWaiting)
    let steps = Steps()
    wakeUps.serve { event in
      steps.record(event)
      if case .ended = event { return false }
      return true
    }
    await waitFor(2, in: steps)
    #expect(steps.events == [.inputWaiting, .ended(signal: 15)])
    wakeUps.post(.inputWaiting)
    wakeUps.post(.stateChanged)
    // Nothing takes them now: a new serving is handed them, from the input on (had the ended
    // serving's step been handed anything more, the input would be gone).
    let next = Steps()
    wakeUps.serve { event in
      next.record(event)
      return !(event == .ended(signal: 15))
    }
    await waitFor(2, in: next)
    #expect(next.events == [.inputWaiting, .ended(signal: 15)])
    #expect(steps.events.count == 2, "no step after the one that ended the serving")
  }

  /// Wake-ups from other threads, before and while a step runs, each reach a step; the steps
  /// never overlap, and run on the main actor.
  @Test func wakeUpsFromOtherThreadsReachOneStepAtATime() async {
    let wakeUps = LoopWakeUps()
    let steps = Steps()
    let running = Mutex(0)
    let overlapped = Mutex(false)
    wakeUps.serve { event in
      MainActor.assertIsolated()
      running.withLock { count in
        count += 1
        if count > 1 { overlapped.withLock { $0 = true } }
      }
      await Task.yield()
      running.withLock { $0 -= 1 }
      steps.record(event)
      return true
    }
    for round in 1...200 {
      if round.isMultiple(of: 2) {
        Thread.detachNewThread { wakeUps.post(.inputWaiting) }
      } else {
        await Task.detached { wakeUps.post(.inputWaiting) }.value
      }
      await waitFor(round, in: steps)
    }
    #expect(steps.events.count == 200)
    #expect(!overlapped.withLock { $0 })
  }
}
