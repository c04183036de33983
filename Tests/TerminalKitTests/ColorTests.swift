import TerminalKit
import Testing

/// Exact colours (pictures) beside the eight named ones: how each output shows them.
struct ColorTests {
  @Test func anExactColourFindsItsNearestOfThe256AndOfTheEight() {
    #expect(Color.blue.paletteIndex == 4 && Color.blue.namedIndex == 4)
    #expect(Color.rgb(red: 255, green: 0, blue: 0).paletteIndex == 196, "the cube's red corner")
    #expect(Color.rgb(red: 0, green: 0, blue: 0).paletteIndex == 16)
    #expect(Color.rgb(red: 95, green: 135, blue: 175).paletteIndex == 16 + 36 * 1 + 6 * 2 + 3)
    #expect(Color.rgb(red: 128, green: 128, blue: 128).paletteIndex == 244, "a grey is nearer on the grey ramp")
    #expect(Color.rgb(red: 250, green: 20, blue: 30).nearestNamed == .red)
    #expect(Color.rgb(red: 200, green: 200, blue: 40).nearestNamed == .yellow)
    #expect(Color.rgb(red: 10, green: 10, blue: 10).nearestNamed == .black)
    #expect(Color.rgb(red: 10, green: 10, blue: 10).namedIndex == nil)
  }

  @Test func everyOutputShowsAnExactColourExactly() {
    let ink = Color.rgb(red: 18, green: 52, blue: 86)
    #expect(ink.name == "#123456")
    #expect(Style(foreground: ink, background: .white).summary == "fg:#123456 bg:white")
    var canvas = Canvas(size: Size(width: 2, height: 1))
    canvas.draw("▀", at: Point(x: 0, y: 0), style: Style(foreground: ink, background: .rgb(red: 255, green: 255, blue: 0)))
    #expect(canvas.ansiRows[0] == "\u{1B}[0;38;2;18;52;86;48;2;255;255;0m▀\u{1B}[0m")
    #expect(canvas.svg.contains("fill=\"#ffff00\""), "the background")
    #expect(canvas.svg.contains("{fill:#123456}"), "the ink")
    #expect(canvas.styledText.hasSuffix("0:0 fg:#123456 bg:#ffff00\n0:1 plain\n"))
  }
}
