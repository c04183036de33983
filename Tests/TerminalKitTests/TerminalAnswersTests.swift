import Clocks
import TerminalKit
import Testing

/// A terminal's answers to ``TerminalQueries`` become capabilities and never reach the screen;
/// the keys typed meanwhile come back in order; a sequence split between reads waits for its
/// rest; an endless one costs a bounded buffer; and the asking waits on its clock no longer
/// than it must.
struct TerminalAnswersTests {
  static let escape = "\u{1B}"

  /// What kitty 0.39 answers (its attributes name no sixel).
  static let kitty =
    "\(escape)P>|kitty(0.39.1)\(escape)\\" + "\(escape)[?2026;2$y" + "\(escape)[?2027;0$y" + "\(escape)_Gi=31;OK\(escape)\\"
    + "\(escape)[?0u" + "\(escape)]11;rgb:1e1e/1e1e/2e2e\(escape)\\" + "\(escape)[?62;22;52c"

  /// What xterm with sixel answers: no XTVERSION of the kind asked, no kitty protocols, a light
  /// background ended by BEL.
  static let xterm = "\(escape)[?2026;0$y" + "\(escape)[?2027;0$y" + "\(escape)]11;rgb:ffff/ffff/ffff\u{07}" + "\(escape)[?64;1;2;4;6;9;15;22c"

  @Test func kittysAnswersBecomeItsCapabilities() {
    var answers = TerminalAnswers()
    #expect(answers.read(Array(Self.kitty.utf8)).isEmpty, "nothing of an answer is typed")
    let capabilities = answers.capabilities
    #expect(answers.isComplete && capabilities.answered)
    #expect(capabilities.version == "kitty(0.39.1)")
    #expect(capabilities.synchronizedOutput && !capabilities.graphemeClusters)
    #expect(capabilities.kittyGraphics && capabilities.kittyKeyboardFlags == 0 && !capabilities.sixel)
    #expect(capabilities.hasDarkBackground == true)
    #expect(capabilities.background == .rgb(red: 0x1E, green: 0x1E, blue: 0x2E))
    #expect(answers.answersRead == 7)
  }

  @Test func xtermsAnswersBecomeItsCapabilities() {
    var answers = TerminalAnswers()
    #expect(answers.read(Array(Self.xterm.utf8)).isEmpty)
    let capabilities = answers.capabilities
    #expect(capabilities.sixel && !capabilities.kittyGraphics && capabilities.kittyKeyboardFlags == nil)
    #expect(!capabilities.synchronizedOutput && capabilities.modes[2026] == .notRecognized)
    #expect(capabilities.hasDarkBackground == false)
    #expect(capabilities.background == .rgb(red: 255, green: 255, blue: 255))
    #expect(capabilities.version == nil)
  }

  @Test func aVT100AnswersOnlyItsAttributes() {
    var answers = TerminalAnswers()
    #expect(answers.read(Array("\(Self.escape)[?1;2c".utf8)).isEmpty)
    #expect(answers.isComplete)
    var expected = TerminalCapabilities()
    expected.answered = true
    #expect(answers.capabilities == expected)
  }

  /// Keys typed while the terminal answers — letters, an arrow, a function key, Alt and a
  /// letter, a mouse click, a paste's start, Esc before another sequence — come back as they
  /// were typed, in order, around and between the answers.
  @Test func keysTypedMeanwhileComeBackInOrder() {
    let keys = ["a", "\(Self.escape)[A", "\(Self.escape)OP", "\(Self.escape)x", "\(Self.escape)[<0;3;4M", "\(Self.escape)[200~", "\(Self.escape)", "é"]
    let answers = [
      "\(Self.escape)P>|kitty(0.39.1)\(Self.escape)\\", "\(Self.escape)[?2026;2$y", "\(Self.escape)_Gi=31;OK\(Self.escape)\\", "\(Self.escape)[?0u",
      "\(Self.escape)]11;rgb:0/0/0\u{07}", "\(Self.escape)[?2027;0$y", "\(Self.escape)]99;unknown\(Self.escape)\\", "\(Self.escape)[?62;4c",
    ]
    var stream = ""
    for (key, answer) in zip(keys, answers) { stream += key + answer }
    var reader = TerminalAnswers()
    let typed = reader.read(Array(stream.utf8))
    #expect(typed == Array(keys.joined().utf8))
    #expect(reader.isComplete && reader.capabilities.sixel && reader.capabilities.kittyGraphics)
    #expect(reader.answersRead == answers.count)
  }

  /// However the bytes are cut between reads, the same keys and the same capabilities.
  @Test func aSplitAnywhereReadsTheSame() {
    // A key comes between two answers, never inside one: the terminal writes each answer whole.
    let between = Self.kitty.range(of: "\(Self.escape)[?2027")!.lowerBound
    let stream = Array(("q" + String(Self.kitty[..<between]) + "\(Self.escape)[B" + String(Self.kitty[between...]) + "z").utf8)
    var whole = TerminalAnswers()
    let typed = whole.read(stream)
    #expect(typed == Array("q\(Self.escape)[Bz".utf8))
    for cut in 1..<stream.count {
      var answers = TerminalAnswers()
      let parts = answers.read(stream[..<cut]) + answers.read(stream[cut...])
      #expect(parts == typed && answers.capabilities == whole.capabilities, "cut at \(cut)")
    }
  }

  /// A lone Esc typed as the asking ends is a key: ``finish()`` gives it back.
  @Test func anEscStillOpenAtTheEndIsAKey() {
    var answers = TerminalAnswers()
    #expect(answers.read(Array("\(Self.escape)[?62c\(Self.escape)".utf8)).isEmpty)
    #expect(answers.finish() == [0x1B])
    #expect(answers.finish().isEmpty)
  }

  /// An answer that never ends costs at most the bound, however long it goes on, and what
  /// follows its end is read as usual.
  @Test func anEndlessAnswerIsDroppedAsItGrows() {
    for (start, end) in [("\(Self.escape)]11;", "\u{07}"), ("\(Self.escape)P>|", "\(Self.escape)\\"), ("\(Self.escape)[?", "c")] {
      var answers = TerminalAnswers()
      var typed = answers.read(Array(start.utf8))
      let chunk = [UInt8](repeating: UInt8(ascii: "1"), count: 4_096)
      for _ in 0..<256 { typed += answers.read(chunk) }  // a megabyte
      #expect(answers.overlong == 1)
      typed += answers.read(Array((end + "k").utf8))
      #expect(typed == [UInt8(ascii: "k")], "only the key after it: \(start.debugDescription)")
      #expect(!answers.isComplete, "a dropped answer says nothing")
    }
  }

  @Test func theQuestionsEndWithTheOneEveryTerminalAnswers() {
    let text = String(decoding: TerminalQueries.bytes, as: UTF8.self)
    #expect(text.hasSuffix("\(Self.escape)[c"))
    #expect(text.contains("\(Self.escape)_Gi=\(TerminalQueries.kittyGraphicsID),"))
    #expect(TerminalQueries.modes.allSatisfy { text.contains("\(Self.escape)[?\($0)$p") })
  }

  /// A silent terminal costs the silence; one that has begun to answer is waited for longer;
  /// the last answer ends the wait at once. On a test clock.
  @Test func theWaitIsAsLongAsTheTerminalNeedsAndNoLonger() async {
    let clock = TestClock()
    let deadline = TerminalProbeDeadline(start: clock.now, silence: .milliseconds(150), answering: .seconds(1))
    var answers = TerminalAnswers()
    _ = answers.read(Array("x".utf8))
    #expect(deadline.end(after: answers) == clock.now.advanced(by: .milliseconds(150)), "a typed key is not an answer")
    await clock.advance(by: .milliseconds(149))
    #expect(!deadline.isOver(at: clock.now, answers: answers))
    _ = answers.read(Array("\(Self.escape)P>|slow".utf8))
    await clock.advance(by: .milliseconds(500))
    #expect(!deadline.isOver(at: clock.now, answers: answers), "an answer under way is waited for")
    #expect(deadline.end(after: answers) == deadline.start.advanced(by: .seconds(1)))
    _ = answers.read(Array("\(Self.escape)\\\(Self.escape)[?62c".utf8))
    #expect(deadline.isOver(at: clock.now, answers: answers) && deadline.end(after: answers) == nil)

    let silent = TerminalProbeDeadline(start: clock.now)
    #expect(!silent.isOver(at: clock.now.advanced(by: .milliseconds(149)), answers: TerminalAnswers()))
    #expect(silent.isOver(at: clock.now.advanced(by: .milliseconds(150)), answers: TerminalAnswers()))
  }
}
