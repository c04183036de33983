import Foundation
import Testing
import TerminalKit

@testable import CursesTerminal

/// How the signals waiting in the pipe wake the run loop: a hang-up before anything else, a
/// storm of window changes as one resize until the loop has taken it, a notice beside them.
struct WaitingInputTests {
  @Test func anEndingSignalComesBeforeEveryResize() {
    var waiting = WaitingInput()
    #expect(waiting.note(signals: [SIGWINCH, SIGHUP]) == .ended(signal: SIGHUP))
    #expect(waiting == WaitingInput(), "an ending notes nothing else")
    waiting.resize = true
    #expect(waiting.note(signals: [SIGWINCH, SIGTERM]) == .ended(signal: SIGTERM))
    #expect(waiting.note(signals: [SIGTERM, SIGHUP, SIGINT]) == .ended(signal: SIGHUP), "the hang-up first")
  }

  @Test func resizesAreOneUntilTaken() {
    var waiting = WaitingInput()
    #expect(waiting.note(signals: [SIGWINCH]) == .inputWaiting)
    #expect(waiting.resize)
    #expect(waiting.note(signals: [SIGWINCH]) == nil, "already announced, not yet taken")
    #expect(waiting.note(signals: []) == nil)
    waiting = WaitingInput()  // the loop took it
    #expect(waiting.note(signals: [SIGWINCH]) == .inputWaiting, "news again once taken")
  }

  @Test func aNoticeComesWithAResizeAndGivesWayToAnEnding() {
    var waiting = WaitingInput()
    #expect(waiting.note(signals: [SIGUSR1]) == .inputWaiting)
    #expect(waiting.note(signals: [SIGUSR1]) == nil, "one notice waits at most once")
    #expect(waiting.notices == [SIGUSR1])
    #expect(waiting.note(signals: [SIGUSR1, SIGWINCH]) == .inputWaiting, "the resize is news")
    #expect(waiting == WaitingInput(keys: false, resize: true, notices: [SIGUSR1]))
    var fresh = WaitingInput()
    #expect(fresh.note(signals: [SIGUSR1, SIGHUP]) == .ended(signal: SIGHUP))
    #expect(fresh.notices.isEmpty)
  }
}
