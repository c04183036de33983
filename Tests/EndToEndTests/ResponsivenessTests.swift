import Foundation
import StoreTestSupport
import Testing

/// Keys answered at once, timed in a real pseudo-terminal.
struct ResponsivenessTests {
  /// Esc must feel instant: ncurses waits ESCDELAY after an Esc byte to tell it from the start
  /// of an arrow key's sequence — a second by default, 25 ms here.
  @Test func escapeClosesTheCartAtOnce() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let times = try await Blocking.run {
      let store = try PseudoTerminalClient(
        [TUIDrive.binary.path, "--latency", "0"], environment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
      )
      defer { store.kill(SIGKILL) }
      guard store.read(for: 20, until: { $0.range(of: Data("quit".utf8)) != nil }) else { return [Double?]() }
      store.readUntilQuiet(0.5)
      return ["c", "\u{1B}", "c", "\u{1B}"].map { store.answerTime(to: $0) }
    }
    #expect(times.count == 4, "the store drew its first screen")
    for (index, time) in times.enumerated() where index % 2 == 1 {
      let seconds = try #require(time, "Esc drew a frame")
      #expect(seconds < 0.3, "Esc answered in \(Int(seconds * 1000)) ms")
    }
  }
}
