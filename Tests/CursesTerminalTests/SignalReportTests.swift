import Foundation
import Testing

@testable import CursesTerminal

/// How the signals waiting in the pipe are reported: a hang-up before anything else, and a
/// storm of window changes as one resize until the run loop has taken it.
struct SignalReportTests {
  @Test func anEndingSignalComesBeforeEveryResize() {
    #expect(TerminalEventSource.report([SIGWINCH, SIGHUP], resizePending: false) == .signal(SIGHUP))
    #expect(TerminalEventSource.report([SIGWINCH, SIGTERM], resizePending: true) == .signal(SIGTERM))
    #expect(TerminalEventSource.report([SIGTERM, SIGHUP, SIGINT], resizePending: false) == .signal(SIGHUP), "the hang-up first")
  }

  @Test func resizesAreOneUntilHandled() {
    #expect(TerminalEventSource.report([SIGWINCH], resizePending: false) == .signal(SIGWINCH))
    #expect(TerminalEventSource.report([SIGWINCH], resizePending: true) == nil, "already reported, not yet handled")
    #expect(TerminalEventSource.report([], resizePending: false) == nil)
  }
}
