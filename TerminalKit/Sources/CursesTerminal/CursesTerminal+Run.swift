import Foundation
import TerminalKit

extension CursesTerminal {
  /// Runs `program` full-screen on this process's terminal until it ends, and returns the
  /// status the process should exit with (0, or 128 + the signal that ended it). The terminal
  /// is given back as it was on every way out: quitting, Ctrl-C, SIGTERM or SIGHUP (the loop
  /// ends and restores it), and a crash (the signal guard restores it, prints `crashNote`, and
  /// ends the process with the same signal). Without a terminal, or on one that cannot draw,
  /// it says why on standard error and returns 2.
  @MainActor
  public static func run<Program: TerminalProgram>(
    _ program: Program, color: Bool = ProcessInfo.processInfo.environment["NO_COLOR"] == nil, mouse: Bool = true,
    crashNote: String = "The program stopped unexpectedly; the terminal has been restored.\r\n"
  ) async -> Int32 {
    let terminal: CursesTerminal
    do {
      terminal = try start(wantsColor: color, wantsMouse: mouse, crashNote: crashNote)
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      return 2
    }
    return await ProgramLoop(program: program, backend: terminal).run().status
  }
}
