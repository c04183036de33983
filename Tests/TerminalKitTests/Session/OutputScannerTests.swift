import Testing

@testable import TerminalKitTesting

/// The harness's reading of a program's output on its way to the emulator: the modes it keeps
/// and the strings it swallows, however the output is cut between reads.
struct OutputScannerTests {
  private func scanned(_ chunks: [String], kitty: Bool = false) -> (scanner: OutputScanner, emulator: String, answers: String) {
    var scanner = OutputScanner(answersKittyGraphics: kitty)
    var emulator: [UInt8] = []
    var answers: [UInt8] = []
    for chunk in chunks {
      let result = scanner.scan(Array(chunk.utf8))
      emulator += result.forEmulator
      answers += result.answers
    }
    return (scanner, String(decoding: emulator, as: UTF8.self), String(decoding: answers, as: UTF8.self))
  }

  @Test func privateModesAreSetAndResetSeveralToASequence() {
    let on = scanned(["\u{1B}[?1049;25;2004h\u{1B}[?1;1000;1006h\u{1B}=", "\u{1B}[?25l"]).scanner.modes
    #expect(on.alternateScreen && on.bracketedPaste && on.applicationCursorKeys && on.sgrMouseEncoding && on.applicationKeypad)
    #expect(on.mouseTracking == .clicks)
    #expect(!on.cursorVisible)
    #expect(on.leftChanged.count == 7, "\(on.leftChanged)")

    let off = scanned([
      "\u{1B}[?1049;2004h\u{1B}[?1;1000;1006h\u{1B}=\u{1B}[?25l",
      "\u{1B}[?1049l\u{1B}[?2004l\u{1B}[?1l\u{1B}[?1000l\u{1B}[?1006l\u{1B}>\u{1B}[?25h",
    ]).scanner.modes
    #expect(off == .initial, "\(off)")
  }

  @Test func aSequenceCutAnywhereBetweenReadsCountsOnce() {
    let whole = "ab\u{1B}[?2004h\u{1B}_Gi=1,a=q;AAAA\u{1B}\\cd\u{1B}[?25l"
    let bytes = Array(whole.utf8)
    for cut in 1..<bytes.count {
      var scanner = OutputScanner()
      let first = scanner.scan(bytes[..<cut])
      let second = scanner.scan(bytes[cut...])
      let emulator = String(decoding: first.forEmulator + second.forEmulator, as: UTF8.self)
      #expect(emulator == "ab\u{1B}[?2004hcd\u{1B}[?25l", "cut at \(cut)")
      #expect(scanner.modes.bracketedPaste && !scanner.modes.cursorVisible, "cut at \(cut)")
    }
  }

  @Test func applicationProgramCommandsNeverReachTheScreen() {
    // libvterm 0.1.4 would print these as text; a terminal swallows them.
    let result = scanned(["x\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\y\u{1B}^private\u{07}z\u{1B}Xstart\u{1B}\\!"])
    #expect(result.emulator == "xyz!")
    #expect(result.answers.isEmpty, "a terminal without kitty graphics says nothing")
  }

  @Test func kittyQueriesAreAnsweredOnlyWhenTheSessionSupportsThem() {
    let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    #expect(scanned([query], kitty: true).answers == "\u{1B}_Gi=31;OK\u{1B}\\")
    #expect(scanned(["\u{1B}_Gi=31,a=T;AAAA\u{1B}\\"], kitty: true).answers.isEmpty, "a picture is not a query")
  }

  @Test func anEscapeThatInterruptsAStringStartsTheNextSequence() {
    let result = scanned(["\u{1B}_unterminated\u{1B}[?1049hafter"])
    #expect(result.emulator == "\u{1B}[?1049hafter")
    #expect(result.scanner.modes.alternateScreen)
  }

  @Test func endlessStringsAndParameterListsAreBounded() {
    var scanner = OutputScanner(answersKittyGraphics: true)
    let endless = Array("\u{1B}_G".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(scanner.scan(endless).forEmulator.isEmpty)
    #expect(scanner.scan(Array("\u{1B}\\after".utf8)).forEmulator == Array("after".utf8))

    let parameters = "\u{1B}[?" + String(repeating: "1;", count: 100_000) + "2004h"
    var second = OutputScanner()
    _ = second.scan(Array(parameters.utf8))
    #expect(!second.modes.bracketedPaste, "a list past the bound changes nothing")
    _ = second.scan(Array("\u{1B}[?2004h".utf8))
    #expect(second.modes.bracketedPaste, "and the scanner reads on")
  }

  @Test func resetsPutTheModesBack() {
    let hard = scanned(["\u{1B}[?1049h\u{1B}[?25l\u{1B}=\u{1B}c"]).scanner.modes
    #expect(hard == .initial)
    let soft = scanned(["\u{1B}[?25l\u{1B}[?1h\u{1B}=\u{1B}[?2004h\u{1B}[!p"]).scanner.modes
    #expect(soft.cursorVisible && !soft.applicationCursorKeys && !soft.applicationKeypad)
    #expect(soft.bracketedPaste, "DECSTR leaves bracketed paste alone, as xterm does")
  }

  // MARK: Synchronized output (DEC mode 2026)

  /// What a program writes between `CSI ? 2026 h` and `l` reaches the emulator at the `l`, in
  /// one piece, however the frame was cut between reads.
  @Test func aSynchronizedFrameReachesTheEmulatorWholeAtItsEnd() {
    let begin = "\u{1B}[?2026h", end = "\u{1B}[?2026l"
    var scanner = OutputScanner()
    let before = scanner.scan(Array("before \(begin)Tit".utf8))
    #expect(String(decoding: before.forEmulator, as: UTF8.self) == "before \(begin)", "the frame's start is held")
    #expect(scanner.scan(Array("le and".utf8)).forEmulator.isEmpty, "a part of the frame shows nothing")
    #expect(scanner.scan(Array(" the rest\u{1B}[?20".utf8)).forEmulator.isEmpty, "nor does an end cut in two")
    let ended = scanner.scan(Array("26l after".utf8))
    #expect(String(decoding: ended.forEmulator, as: UTF8.self) == "Title and the rest\(end) after", "the whole frame, then what follows")
    #expect(scanner.announcesFrames)
    #expect(!scanner.isHoldingFrame && !scanner.modes.synchronizedOutput)
  }

  /// Output without the mode goes through as it comes: nothing is held.
  @Test func outputWithoutFramesIsNotHeld() {
    let result = scanned(["\u{1B}[?1049hHello", " world\u{1B}[?25l"])
    #expect(result.emulator == "\u{1B}[?1049hHello world\u{1B}[?25l")
    #expect(!result.scanner.announcesFrames)
  }

  /// Two frames and text between them in one read; a reset ends a frame; a frame past the bound
  /// is shown anyway; what is held of an unfinished frame can be released.
  @Test func framesAreBoundedAndEndedByAReset() {
    let begin = "\u{1B}[?2026h", end = "\u{1B}[?2026l"
    #expect(scanned(["\(begin)one\(end)between\(begin)two\(end)"]).emulator == "\(begin)one\(end)between\(begin)two\(end)")
    #expect(scanned(["\(begin)held\u{1B}cafter"]).emulator == "\(begin)held\u{1B}cafter", "ESC c resets the terminal and ends the frame")

    var scanner = OutputScanner()
    _ = scanner.scan(Array(begin.utf8))
    let huge = [UInt8](repeating: UInt8(ascii: "x"), count: OutputScanner.maximumHeldFrame + 1)
    #expect(scanner.scan(huge).forEmulator.count == huge.count, "a frame past the bound is shown, not kept growing")

    var stalled = OutputScanner()
    _ = stalled.scan(Array("\(begin)half".utf8))
    #expect(String(decoding: stalled.releaseHeldFrame(), as: UTF8.self) == "half")
    #expect(stalled.modes.leftChanged == ["a synchronized frame was begun and never ended"])
  }
}
