import Testing

@testable import TerminalKit

/// The program loop's mailbox: bounded whatever comes, in the order the loop handles things,
/// woken from any thread, and let go when the loop's task is cancelled.
@MainActor
struct LoopWakeUpsTests {
  /// A hundred thousand wake-ups while the loop is busy are one of each kind, not a queue.
  @Test func aFloodOfWakeUpsIsKeptAsOneOfEachKind() async {
    let wakeUps = LoopWakeUps()
    for _ in 0..<100_000 { wakeUps.post(.inputWaiting) }
    for _ in 0..<1_000 {
      wakeUps.post(.stateChanged)
      wakeUps.post(.tick)
    }
    #expect(await wakeUps.next() == .inputWaiting)
    #expect(await wakeUps.next() == .stateChanged)
    #expect(await wakeUps.next() == .tick)
    // Nothing more is kept: the next look waits, until something comes.
    let waiting = Task { await wakeUps.next() }
    await Task.yield()
    wakeUps.post(.stateChanged)
    #expect(await waiting.value == .stateChanged)
  }

  /// Input before an ending (a key pressed just before a hang-up counts), both before a change
  /// or a tick; the first ending is the one kept, and it stays.
  @Test func inputComesBeforeAnEndingAndBothBeforeAChange() async {
    let wakeUps = LoopWakeUps()
    wakeUps.post(.tick)
    wakeUps.post(.stateChanged)
    wakeUps.post(.ended(signal: 15))
    wakeUps.post(.ended(signal: 1))
    wakeUps.post(.inputWaiting)
    #expect(await wakeUps.next() == .inputWaiting)
    #expect(await wakeUps.next() == .ended(signal: 15))
    #expect(await wakeUps.next() == .ended(signal: 15))
  }

  @Test func aWakeUpFromAnotherThreadResumesTheWaitingLoop() async {
    let wakeUps = LoopWakeUps()
    for round in 0..<200 {
      let waiting = Task { @MainActor in await wakeUps.next() }
      // Posted from the global pool, before or after the loop has begun to wait.
      if round.isMultiple(of: 2) { await Task.yield() }
      await Task.detached { wakeUps.post(.inputWaiting) }.value
      #expect(await waiting.value == .inputWaiting)
    }
  }

  @Test func cancellingTheLoopsTaskEndsItsWait() async {
    let wakeUps = LoopWakeUps()
    let waiting = Task { @MainActor in await wakeUps.next() }
    await Task.yield()
    waiting.cancel()
    #expect(await waiting.value == nil)
    // And a task cancelled before it looks does not wait at all.
    let cancelled = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return await wakeUps.next()
    }
    #expect(await cancelled.value == nil)
  }
}
