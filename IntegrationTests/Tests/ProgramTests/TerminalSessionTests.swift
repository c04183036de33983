import Foundation
import TerminalKit
import TerminalKitTesting
import Testing

/// `TerminalSession` against small shell programs: what the emulator shows, answers and sends
/// back, and how the program's end is seen. Each program reads what the terminal sent with `dd`
/// and prints it with `od`, so a test sees the exact bytes.
struct TerminalSessionTests {
  /// A shell program that reads `count` bytes from a raw terminal after `setup` and prints
  /// them as `od -c` does, joined: `got:033[A`.
  private func echoing(_ count: Int, after setup: String) throws -> TerminalSession {
    try TerminalSession([
      "/bin/sh", "-c",
      "stty raw -echo; \(setup) printf 'ready\\r\\n'; "
        + "answer=$(dd bs=1 count=\(count) 2>/dev/null | od -An -c | tr -d ' \\n'); "
        + "stty sane; printf '\\033[?1049l\\033[?2004l\\033[?1l\\033[?1000l\\033[?1006lgot:%s\\n' \"$answer\"",
    ])
  }

  @Test func aColourIsSeenOnItsCellAndTheExitStatusIsKept() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'plain \\033[1;31mred\\033[0m \\033[44mon blue\\033[0m 漢字! \\033[3mslanted\\033[23;9m struck\\033[0m\\n'; exit 3"])
    let place = try await session.waitFor(text: "red")
    #expect(place == Point(x: 6, y: 0))
    #expect(session.style(ofFirst: "red") == Style(foreground: .red, bold: true))
    #expect(session.style(ofFirst: "on blue") == Style(background: .blue))
    #expect(session.style(ofFirst: "plain") == .plain)
    #expect(session.style(ofFirst: "slanted") == Style(italic: true))
    #expect(session.style(ofFirst: "struck") == Style(struckThrough: true))
    let screen = session.screen
    #expect(screen[18, 0].text == "漢" && screen[18, 0].width == 2 && screen[19, 0].width == 0, "\(session.text)")
    #expect(try await session.waitFor(text: "字!").x == 20, "columns count display width")
    #expect(try await session.waitForExit() == .exited(3))
  }

  /// A program's exit is reported only after everything it wrote has been read: a program that
  /// writes more than the terminal's buffer holds and exits at once still shows its last line
  /// (the last bytes of a store restore the terminal — reported at exit before them, the modes
  /// looked left on).
  /// A program that announces its frames (synchronized output) is read a whole frame at a
  /// time with no quiet time at all: the frame below pauses twice inside itself, for longer than
  /// any settle, and a wait for its first word still sees its last. Before the harness knew the
  /// mode, this read "Title" alone.
  @Test func aFrameWrittenInPartsWithPausesIsReadWholeWithNoSettle() async throws {
    let session = try TerminalSession(
      ["/bin/sh", "-c", "printf '\\033[?2026hTitle'; sleep 0.3; printf ' middle'; sleep 0.3; printf ' end\\033[?2026l'; sleep 30"],
      settle: .zero
    )
    try await session.waitFor(text: "Title")
    #expect(session.text.contains("Title middle end"), "\(session.text)")
    #expect(!session.modes.synchronizedOutput)
    session.close()
  }

  /// A frame left unfinished is shown after a second, as a terminal shows it.
  @Test func aFrameNeverEndedIsShownAfterASecond() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf '\\033[?2026hstuck half-way'; sleep 30"], settle: .zero)
    let started = ContinuousClock.now
    try await session.waitFor(text: "stuck half-way")
    #expect(ContinuousClock.now - started >= .seconds(1), "held for the second a frame may take")
    #expect(session.modes.leftChanged.contains("a synchronized frame was begun and never ended"))
    session.close()
  }

  @Test func theExitIsSeenAfterTheLastOutput() async throws {
    for _ in 0..<5 {
      // 30 s: five times 2 MB through a pty took up to 6.5 s each in a full run.
      let session = try TerminalSession(["/bin/sh", "-c", "head -c 2000000 /dev/zero | tr '\\0' x; printf '\\nthe end'"], timeout: .seconds(30))
      #expect(try await session.waitForExit() == .exited(0))
      #expect(session.text.contains("the end"), "\(session.text)")
    }
  }

  @Test func theTerminalAnswersTheProgramsQueries() async throws {
    let attributes = try echoing(7, after: "printf '\\033[c';")
    try await attributes.waitFor(text: "got:033[?1;2c")

    let position = try echoing(7, after: "printf '\\033[5;10H\\033[6n';")
    try await position.waitFor(text: "got:033[5;10R")

    let mode = try echoing(11, after: "printf '\\033[?2004h\\033[?2004$p';")
    try await mode.waitFor(text: "got:033[?2004;1$y")  // DECRQM: bracketed paste is set
  }

  @Test func keysAreEncodedAsTheProgramsModesAsk() async throws {
    let plain = try echoing(3, after: "")
    try await plain.waitFor(text: "ready")
    try plain.press(.up)
    try await plain.waitFor(text: "got:033[A")

    let application = try echoing(3, after: "printf '\\033[?1h';")
    try await application.waitFor(text: "ready")
    try application.press(.up)
    try await application.waitFor(text: "got:033OA")

    let named = try echoing(4, after: "")
    try await named.waitFor(text: "ready")
    try named.press("C-c S-Tab")
    try await named.waitFor(text: "got:003033[Z")
  }

  @Test func aPasteIsBracketedOnlyWhenTheProgramAskedForIt() async throws {
    let bracketed = try echoing(15, after: "printf '\\033[?2004h';")
    try await bracketed.waitFor(text: "ready")
    try bracketed.paste("a\nb")
    try await bracketed.waitFor(text: "got:033[200~a\\rb033[201~")

    let bare = try echoing(3, after: "")
    try await bare.waitFor(text: "ready")
    try bare.paste("a\nb")
    try await bare.waitFor(text: "got:a\\rb")
  }

  @Test func clicksArriveInTheEncodingTheProgramEnabled() async throws {
    let session = try echoing(18, after: "printf '\\033[?1000h\\033[?1006h';")
    try await session.waitFor(text: "ready")
    #expect(session.modes.mouseTracking == .clicks && session.modes.sgrMouseEncoding)
    try session.click(at: Point(x: 4, y: 2))
    try await session.waitFor(text: "got:033[<0;5;3M033[<0;5;3m")
  }

  @Test func aResizeReachesTheProgram() async throws {
    let session = try TerminalSession([
      "/bin/sh", "-c", "trap 'stty size' WINCH; printf 'waiting\\n'; while :; do sleep 0.05; done",
    ])
    try await session.waitFor(text: "waiting")
    try session.resize(to: Size(width: 100, height: 30))
    try await session.waitFor(text: "30 100")
    #expect(session.screen.size == Size(width: 100, height: 30))
  }

  @Test func modesAndAPenLeftChangedAreNamed() async throws {
    let careless = try TerminalSession(["/bin/sh", "-c", "printf '\\033[?1049h\\033[?25l\\033[?2004h\\033[31mbye'"])
    try await careless.waitForExit()
    #expect(careless.modes.alternateScreen && !careless.modes.cursorVisible && careless.modes.bracketedPaste)
    #expect(careless.pen == Style(foreground: .red))
    #expect(careless.leftChanged.contains("the pen is still fg:red"), "\(careless.leftChanged)")

    let tidy = try TerminalSession(["/bin/sh", "-c", "printf '\\033[?1049h\\033[?25l\\033[31mbye\\033[0m\\033[?25h\\033[?1049l'"])
    try await tidy.waitForExit()
    #expect(tidy.leftChanged.isEmpty, "\(tidy.leftChanged)")
  }

  @Test func kittyGraphicsQueriesGetWhatTheSessionClaims() async throws {
    let query = "printf '\\033_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\\033\\\\\\033[c';"
    let without = try echoing(7, after: query)
    try await without.waitFor(text: "got:033[?1;2c", timeout: .seconds(10))
    #expect(!without.text.contains("Gi=31"), "the query is not printed")

    let with = try TerminalSession(
      ["/bin/sh", "-c", "stty raw -echo; \(query) answer=$(dd bs=1 count=15 2>/dev/null | od -An -c | tr -d ' \\n'); stty sane; printf 'got:%s\\n' \"$answer\""],
      kittyGraphics: true
    )
    try await with.waitFor(text: "got:033_Gi=31;OK033\\")
  }

  /// A frame drawn in two writes, a pause between: a wait for its first line returns with the
  /// second on the screen too, as the session waits for the program to fall quiet (here up to a
  /// second) before it returns.
  @Test func aWaitForTheStartOfAFrameReturnsWithTheWholeFrame() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'Title\\n'; sleep 0.2; printf 'the rest\\n'; sleep 30"], settle: .seconds(1))
    try await session.waitFor(text: "Title")
    #expect(session.text.contains("the rest"), "\(session.text)")
  }

  /// A program that never stops writing holds a found wait ten times the settle at most.
  @Test(.timeLimit(.minutes(1))) func aProgramThatNeverFallsQuietDoesNotHoldAWait() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'Title\\n'; while :; do printf .; sleep 0.01; done"], settle: .milliseconds(200))
    let clock = ContinuousClock()
    let started = clock.now
    try await session.waitFor(text: "Title")
    #expect(clock.now - started < .seconds(8), "ten times 200 ms, and the start")
  }

  /// An absurd settle is taken as a second (ten times it would overflow `Duration`), and a
  /// program that has ended is not waited on.
  @Test func anAbsurdSettleIsBoundedAndAnEndedProgramIsNotWaitedOn() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'Title\\n'"], settle: .seconds(Int64.max / 2))
    #expect(session.settle == .seconds(1))
    #expect(try await session.waitForExit() == .exited(0))
    let clock = ContinuousClock()
    let started = clock.now
    try await session.waitFor(text: "Title")
    #expect(clock.now - started < .seconds(5), "the program had ended: nothing to settle")
  }

  @Test func aWaitThatRunsOutSaysWhatWasOnTheScreen() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'something else\\033[31m!\\n'; sleep 30"])
    try await session.waitFor(text: "something else")
    let clock = ContinuousClock()
    let started = clock.now
    let failure = await #expect(throws: TerminalSession.Failure.self) {
      try await session.waitFor(text: "never", timeout: .milliseconds(300))
    }
    #expect(clock.now - started < .seconds(5))
    let message = failure?.description ?? ""
    #expect(message.contains("“never” on the screen"))
    #expect(message.contains(" 1 │something else!"), "\(message)")
    #expect(message.contains("\\e[31m"), "the output, its escapes written out")
    #expect(message.contains("still running"))
    session.close()
    #expect(session.exitStatus == .signalled(SIGKILL))
  }

  @Test func aProgramThatFloodsItsTerminalCostsBoundedMemory() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "head -c 20000000 /dev/zero | tr '\\0' 'x'; printf '\\ndone\\n'"])
    try await session.waitFor(text: "done", timeout: .seconds(60))
    let cast = session.recording.text
    #expect(cast.utf8.count < 9 * 1_024 * 1_024, "the recording stops at its bound")
    #expect(cast.contains("[recording stopped at"))
    #expect(session.recentOutput.utf8.count <= 17 * 1_024)
  }

  @Test func typedTextArrivesWholeAndTheRecordingReplaysTheRun() async throws {
    let session = try echoing(11, after: "")
    try await session.waitFor(text: "ready")
    try session.type("한👍🏽")
    try await session.waitFor(regex: "got:(355225234)(360237221215)(360237217275)$")
    #expect(try await session.waitForExit() == .exited(0))
    let cast = session.recording.text
    #expect(cast.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
    #expect(cast.contains("ready"))
  }

  /// A program that never reads: what a test sends it waits in the session, up to 16 MiB, and
  /// past that the send fails instead of growing without end.
  @Test func inputAProgramNeverReadsIsBounded() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "printf 'ready\\n'; sleep 30"])
    try await session.waitFor(text: "ready")
    let megabyte = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    for _ in 0..<15 { try session.send(bytes: megabyte) }
    let failure = #expect(throws: TerminalSession.Failure.self) {
      for _ in 0..<5 { try session.send(bytes: megabyte) }
    }
    #expect(failure?.description.contains("is not reading its input") == true, "\(String(describing: failure))")
    try session.send(bytes: Array("after".utf8))  // the queue was emptied: the session goes on
    session.close()
  }

  @Test func startingWhatCannotRunSaysWhy() {
    #expect(throws: TerminalSession.Failure.self) { try TerminalSession(["no-such-program-anywhere"]) }
    #expect(throws: TerminalSession.Failure.self) { try TerminalSession(["/bin/sh"], size: Size(width: 0, height: 24)) }
    #expect(throws: TerminalSession.Failure.self) { try TerminalSession([]) }
  }
}

/// The restored-on-exit check every end-to-end test relies on can fail, on each thing it reads.
struct RestorationCheckTests {
  @Test func aProgramThatLeavesItsTerminalRawIsCaught() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "stty raw -echo; printf '\\033[?1049h\\033[?25l\\033[1;32mleft changed'; exit 3"])
    #expect(try await session.waitForExit() == .exited(3))
    let changes = session.leftChanged
    for expected in ["the alternate screen is still on", "the cursor is hidden", "the pen is still bold fg:green", "echo is off", "line editing is off"] {
      #expect(changes.contains(expected), "\(changes)")
    }
  }

  @Test func aProgramThatPutsEverythingBackPasses() async throws {
    let session = try TerminalSession(["/bin/sh", "-c", "stty raw -echo; printf '\\033[?1049h\\033[?25l\\033[1;32mx\\033[0m\\033[?25h\\033[?1049l'; stty sane"])
    #expect(try await session.waitForExit() == .exited(0))
    #expect(session.leftChanged.isEmpty, "\(session.leftChanged)")
  }
}
