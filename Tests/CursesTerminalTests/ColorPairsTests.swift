import Testing
import TerminalKit

@testable import CursesTerminal

struct ColorPairsTests {
  @Test func aCombinationKeepsItsPairAndEachNewOneGetsTheNext() {
    var pairs = ColorPairs()
    var defined: [Int] = []
    let red = ColorPairs.Key(foreground: 1, background: -1)
    let blue = ColorPairs.Key(foreground: 4, background: 0)
    #expect(pairs.pair(for: red, available: 256) { defined.append($0) } == 1)
    #expect(pairs.pair(for: blue, available: 256) { defined.append($0) } == 2)
    #expect(pairs.pair(for: red, available: 256) { defined.append($0) } == 1)
    #expect(defined == [1, 2], "a pair is defined once")
    #expect(!pairs.ranOut)
  }

  /// A picture asks for more combinations than a 256-pair terminal has: the ones beyond get
  /// the default colours and the frame is marked to be drawn again with recycled pairs.
  @Test func pairsRunOutThenAreRecycledFromNothing() {
    var pairs = ColorPairs()
    var defined: [Int] = []
    for colour in 0..<300 {
      _ = pairs.pair(for: ColorPairs.Key(foreground: colour, background: -1), available: 256) { defined.append($0) }
    }
    #expect(pairs.ranOut)
    #expect(pairs.count == 255, "pair 0 is the terminal's own; 1…255 are handed out")
    #expect(defined.max() == 255, "never a pair number the terminal does not have")
    #expect(pairs.pair(for: ColorPairs.Key(foreground: 299, background: -1), available: 256) { _ in } == 0)
    pairs.recycle()
    #expect(!pairs.ranOut && pairs.count == 0)
    #expect(pairs.pair(for: ColorPairs.Key(foreground: 299, background: -1), available: 256) { _ in } == 1)
  }

  @Test func exactColoursBecomeWhatTheTerminalCanShow() {
    let orange = Color.rgb(red: 255, green: 135, blue: 0)
    #expect(ColorPairs.number(of: orange, colors: 256) == 208)
    #expect(ColorPairs.number(of: orange, colors: 8) == 3, "the nearest of the eight: yellow")
    #expect(ColorPairs.number(of: orange, colors: 0x100_0000) == 0xFF8700, "itself on a direct-colour terminal")
    #expect(ColorPairs.number(of: .rgb(red: 0, green: 0, blue: 3), colors: 0x100_0000) == 8, "not taken for a named colour")
    #expect(ColorPairs.number(of: .blue, colors: 0x100_0000) == 4)
    #expect(ColorPairs.number(of: nil, colors: 256) == -1)
  }
}
