import Clocks
import TerminalKit
import Testing

/// What a terminal sends as a person types, decoded without a terminal library: keys in every
/// encoding a terminal of today uses, the mouse, pastes, and the terminal's own answers never
/// taken for keys — with the escape delay on a test clock.
struct InputDecoderTests {
  typealias Decoder = InputDecoder<TestClock<Duration>.Instant>
  let start = TestClock<Duration>().now

  func keys(_ text: String, _ decoder: inout Decoder) -> [InputEvent] {
    decoder.read(Array(text.utf8), at: start)
  }

  func keys(_ text: String) -> [InputEvent] {
    var decoder = Decoder()
    return keys(text, &decoder)
  }

  @Test func textAndTheKeysOfOneByte() {
    #expect(keys("aZ é 한") == [.key(.character("a")), .key(.character("Z")), .key(.character(" ")), .key(.character("é")), .key(.character(" ")), .key(.character("한"))])
    #expect(keys("\r\t\u{7F}\u{03}") == [.key(.enter), .key(.tab), .key(.backspace), .key(.control("c"))])
    #expect(keys("\u{00}\u{1C}").isEmpty, "NUL and the codes no key sends alone")
  }

  @Test func arrowsAndEditingKeysInEachEncoding() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.key(.up), .key(.down), .key(.right), .key(.left)])
    #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.key(.up), .key(.home), .key(.end)], "application cursor keys")
    #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.key(.home), .key(.end), .key(.home), .key(.end)])
    #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.key(.delete), .key(.pageUp), .key(.pageDown), .key(.backTab)])
    #expect(keys("\u{1B}[1;5D\u{1B}[1;3C\u{1B}[3;5~") == [.key(.withControl(.left)), .key(.alt(.right)), .key(.withControl(.delete))])
  }

  @Test func altIsEscBeforeAKey() {
    #expect(keys("\u{1B}b\u{1B}\u{7F}\u{1B}한") == [.key(.alt(.character("b"))), .key(.alt(.backspace)), .key(.alt(.character("한")))])
  }

  @Test func aLoneEscIsTheKeyOnceTheDelayIsOver() {
    var decoder = Decoder(escapeDelay: .milliseconds(25))
    #expect(keys("\u{1B}", &decoder).isEmpty, "it may start a key cut between two reads")
    #expect(decoder.deadline == start.advanced(by: .milliseconds(25)))
    #expect(decoder.expire(at: start.advanced(by: .milliseconds(24))).isEmpty)
    #expect(decoder.expire(at: start.advanced(by: .milliseconds(25))) == [.key(.escape)])
    #expect(decoder.deadline == nil)
    // The rest of a key cut between reads, before the delay: one key.
    #expect(keys("\u{1B}[", &decoder).isEmpty)
    #expect(decoder.read(Array("A".utf8), at: start.advanced(by: .milliseconds(5))) == [.key(.up)])
    // Esc Esc: the first is a key at once.
    #expect(keys("\u{1B}\u{1B}[B", &decoder) == [.key(.escape), .key(.down)])
  }

  /// With the kitty keyboard protocol, Esc is `CSI 27 u`: no delay, and a lone Esc byte is only
  /// ever the start of something.
  @Test func theKittyKeyboardProtocolNeedsNoDelay() {
    var decoder = Decoder()
    decoder.escapeIsSequence = true
    #expect(keys("\u{1B}[27u", &decoder) == [.key(.escape)])
    #expect(keys("\u{1B}[97;5u\u{1B}[13;3u\u{1B}[27;3u", &decoder) == [.key(.control("a")), .key(.alt(.enter)), .key(.alt(.escape))])
    #expect(keys("\u{1B}[97;5:3u", &decoder).isEmpty, "a release is not a press")
    #expect(keys("\u{1B}[57441;2u", &decoder).isEmpty, "a modifier alone")
    #expect(keys("\u{1B}", &decoder).isEmpty)
    #expect(decoder.expire(at: start.advanced(by: .seconds(2))).isEmpty, "a lone Esc byte is not the key here")
  }

  @Test func theMouseInSGR() {
    #expect(keys("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;1;1M\u{1B}[<65;3;4M\u{1B}[<2;1;1M") == [
      .mouse(MouseEvent(.press, at: Point(x: 9, y: 4))), .mouse(MouseEvent(.wheelUp, at: Point(x: 0, y: 0))),
      .mouse(MouseEvent(.wheelDown, at: Point(x: 2, y: 3))),
    ])
    #expect(keys("\u{1B}[M !!a") == [.key(.character("a"))], "X10's encoding, never asked for, is read and dropped")
  }

  /// A terminal's answers, however late, are never keys: device attributes, mode reports,
  /// XTVERSION, kitty's replies, OSC colours.
  @Test func answersAreNeverKeys() {
    let answers = "\u{1B}[?62;4;22c\u{1B}[>1;10;0c\u{1B}[?2026;2$y\u{1B}[?1u\u{1B}P>|kitty(0.35)\u{1B}\\"
      + "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}\u{1B}]11;rgb:0/0/0\u{1B}\\\u{1B}[I"
    #expect(keys("a" + answers + "b") == [.key(.character("a")), .key(.character("b"))])
    // A sequence with a private marker is the terminal's, even with a key's final byte: without
    // the marker, `1;5A` would be Ctrl-↑.
    #expect(keys("\u{1B}[?1;5A\u{1B}[>1;5A\u{1B}[1;5A") == [.key(.withControl(.up))])
  }

  @Test func aPasteIsTextWholeEvenCutAcrossReads() {
    var decoder = Decoder()
    let bytes = Array("x\u{1B}[200~héllo\r\nworld \u{1B}[31m\u{1B}[201~y".utf8)
    var events: [InputEvent] = []
    for (offset, byte) in bytes.enumerated() {
      events += decoder.read([byte], at: start.advanced(by: .milliseconds(offset)))
    }
    #expect(events == [.key(.character("x")), .paste("héllo\nworld \u{1B}[31m"), .key(.character("y"))])
  }

  @Test func aPasteWhoseEndNeverComesEnds() {
    var decoder = Decoder()
    #expect(keys("\u{1B}[200~abc", &decoder).isEmpty)
    #expect(decoder.deadline == start.advanced(by: PasteAssembly<TestClock<Duration>.Instant>.longest))
    #expect(decoder.expire(at: start.advanced(by: .seconds(3))) == [.paste("abc")])
    #expect(keys("q", &decoder) == [.key(.character("q"))], "keys are keys again")
  }

  /// Bounds: a sequence that never ends is dropped as it grows; broken UTF-8 is dropped and the
  /// next byte read again.
  @Test func endlessAndBrokenInputIsDropped() {
    let endless = "\u{1B}[" + String(repeating: "1;", count: 10_000) + "A" + "z"
    #expect(keys(endless) == [.key(.character("z"))])
    var decoder = Decoder()
    #expect(decoder.read([0xC3, 0x41], at: start) == [.key(.character("A"))], "a lead byte cut short: dropped, the next read again")
    #expect(decoder.read([0xE2, 0x82], at: start).isEmpty)
    #expect(decoder.read([0xAC], at: start) == [.key(.character("€"))], "a character cut between reads")
    #expect(decoder.read([0x80, 0xFF], at: start).isEmpty, "stray bytes")
  }
}
