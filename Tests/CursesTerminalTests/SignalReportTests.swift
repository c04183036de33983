import Foundation
import Testing

@testable import CursesTerminal

/// How the signals waiting in the pipe are reported: a hang-up before anything else, and a
/// storm of window changes as one resize until the run loop has taken it.
struct SignalReportTests {
  @Test func anEndingSignalComesBeforeEveryResize() {
    #expect(TerminalEventSource.report([SIGWINCH, SIGHUP], resizePending: false) == [.signal(SIGHUP)])
    #expect(TerminalEventSource.report([SIGWINCH, SIGTERM], resizePending: true) == [.signal(SIGTERM)])
    #expect(TerminalEventSource.report([SIGTERM, SIGHUP, SIGINT], resizePending: false) == [.signal(SIGHUP)], "the hang-up first")
  }

  @Test func resizesAreOneUntilHandled() {
    #expect(TerminalEventSource.report([SIGWINCH], resizePending: false) == [.signal(SIGWINCH)])
    #expect(TerminalEventSource.report([SIGWINCH], resizePending: true).isEmpty, "already reported, not yet handled")
    #expect(TerminalEventSource.report([], resizePending: false).isEmpty)
  }
}

/// SIGUSR1 is news for the program (the host is restarting), beside a resize, never an ending.
struct NoticeSignalTests {
  @Test func aNoticeComesWithAResizeAndGivesWayToAnEnding() {
    #expect(TerminalEventSource.report([SIGUSR1], resizePending: false) == [.signal(SIGUSR1)])
    #expect(TerminalEventSource.report([SIGUSR1, SIGWINCH], resizePending: false) == [.signal(SIGWINCH), .signal(SIGUSR1)])
    #expect(TerminalEventSource.report([SIGUSR1, SIGWINCH], resizePending: true) == [.signal(SIGUSR1)])
    #expect(TerminalEventSource.report([SIGUSR1, SIGHUP], resizePending: false) == [.signal(SIGHUP)])
  }
}
