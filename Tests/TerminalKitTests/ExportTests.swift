import TerminalKit
import TerminalKitTesting
import Testing

/// The forms a frame leaves the kit in: styled text, ANSI, SVG and asciicast.
struct ExportTests {
  static func sample() -> Canvas {
    var canvas = Canvas(size: Size(width: 12, height: 3))
    canvas.draw("Pay", at: Point(x: 0, y: 0), style: Style(bold: true, reversed: true))
    canvas.draw("off", at: Point(x: 4, y: 1), style: Style(dim: true))
    canvas.draw("노트 <&>", at: Point(x: 0, y: 2), style: Style(foreground: .green))
    return canvas
  }

  @Test func theStyledTextListsEachChangeOfStyleOnce() {
    #expect(
      Self.sample().styledText == """
        Pay
            off
        노트 <&>

        -- styles (row:column style, in reading order, from plain) --
        0:0 bold reversed
        0:3 plain
        1:4 dim
        1:7 plain
        2:0 fg:green
        2:8 plain

        """
    )
  }

  @Test func aChangeOfColourAloneChangesTheStyledTextButNotThePlainText() {
    var recoloured = Self.sample()
    recoloured.draw("off", at: Point(x: 4, y: 1), style: Style(foreground: .red))
    #expect(recoloured.plainText == Self.sample().plainText)
    #expect(recoloured.styledText != Self.sample().styledText)
  }

  @Test func ansiSetsEachStyleFromAResetAndEndsEveryStyledRowPlain() {
    let rows = Self.sample().ansiRows
    #expect(rows[0] == "\u{1B}[0;1;7mPay\u{1B}[0m")
    #expect(rows[1] == "    \u{1B}[0;2moff\u{1B}[0m")
    #expect(rows[2] == "\u{1B}[0;32m노트 <&>\u{1B}[0m")
    // Nothing but SGR sequences: no other escape and no control character.
    let controls = rows.joined().unicodeScalars.filter { $0.value < 0x20 && $0 != "\u{1B}" }
    #expect(controls.isEmpty)
  }

  @Test func svgPlacesEveryGraphemeOnItsCellAndEscapesText() {
    let svg = Self.sample().svg
    // Row 2: "노" on columns 0–1, "트" on 2–3, then " <&>" one a column (6 units each).
    #expect(svg.contains("<text x=\"0 12 24 30 36 42\" y=\"33\" class=\"s2\">노트 &lt;&amp;&gt;</text>"))
    #expect(!svg.contains("<&>"))
    // Reverse video: the default colours swapped, the background a rectangle under the text.
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"18\" height=\"12\" fill=\"#d0d0d0\"/>"))
    #expect(svg.contains(".s0{fill:#1c1c1c;font-weight:bold}"))
    #expect(svg.contains("<text x=\"0 6 12\" y=\"9\" class=\"s0\">Pay</text>"))
    // A row's most common style is the row's; the blanks before "off" are plain.
    #expect(svg.contains("<text x=\"0 6 12 18 24 30 36\" y=\"21\">    <tspan class=\"s1\">off</tspan></text>"))
    #expect(svg.contains(".s1{fill:#d0d0d0;fill-opacity:.6}"))
  }

  /// The bound the kit promises for a review copy: a full 80×24 screen, every cell a different
  /// style from its neighbour (the worst case for runs), stays under 60 KB.
  @Test func aBusy80x24SVGStaysUnder60KB() {
    var canvas = Canvas(size: Size(width: 80, height: 24))
    for y in 0..<24 {
      for x in 0..<80 {
        let style = Style(foreground: Color.named[(x + y) % 8], bold: x % 2 == 0)
        canvas.draw("x", at: Point(x: x, y: y), style: style)
      }
    }
    let bytes = canvas.svg.utf8.count
    #expect(bytes > 30_000, "the worst case is measured, not an empty screen")
    #expect(bytes < 60_000, "\(bytes) bytes")
  }

  @Test func asciicastWritesAHeaderThenTimedFramesWithEscapedJSON() {
    var cast = Asciicast(size: Size(width: 12, height: 3), title: "say \"hi\"")
    cast.record(Self.sample(), at: .milliseconds(1_250))
    cast.record(Self.sample(), at: .milliseconds(1_000))
    var larger = Canvas(size: Size(width: 20, height: 3))
    larger.draw("wide", at: Point(x: 0, y: 0))
    cast.record(larger, at: .seconds(2))
    let lines = cast.text.split(separator: "\n").map(String.init)
    #expect(lines[0] == #"{"version": 2, "width": 12, "height": 3, "title": "say \"hi\"", "env": {"TERM": "xterm-256color"}}"#)
    #expect(lines[1].hasPrefix(#"[1.250000, "o", "\u001b[?25l\u001b[2J\u001b[H\u001b[1;1H\u001b[0;1;7mPay"#))
    #expect(lines[2].hasPrefix(#"[1.250000, "o", "\u001b[H"#), "time never goes backwards")
    #expect(lines[3] == #"[2.000000, "r", "20x3"]"#)
    #expect(lines.count == 5)
  }

  @Test func aWidgetSnapshotComparesTextAndStyles() {
    let canvas = Canvas.rendering(Button<Never>("Pay", appearance: .focused), size: Size(width: 9, height: 1))
    assertSnapshot(of: canvas, as: .screen)
  }

  /// The terminal's cursor: kept only on the canvas, and named at the end of the styled text.
  @Test func theCursorIsACellOfTheCanvasAndTheStyledTextNamesIt() {
    var canvas = Canvas(size: Size(width: 6, height: 2))
    canvas.draw("/ab", at: Point(x: 0, y: 1))
    canvas.showCursor(at: Point(x: 3, y: 1))
    #expect(canvas.cursor == Point(x: 3, y: 1))
    #expect(canvas.styledText == "\n/ab\n\n-- cursor at 1:3 --\n")
    #expect(canvas.plainText == "\n/ab\n", "plain text leaves it out")
    var moved = canvas
    moved.showCursor(at: Point(x: 4, y: 1))
    #expect(moved != canvas, "a cursor that moved is a change to paint")
    canvas.showCursor(at: Point(x: 6, y: 1))
    #expect(canvas.cursor == nil, "off the canvas: hidden")
  }

  /// Italic and strikethrough: named in the styled text, sent as SGR 3 and 9, drawn by the SVG.
  @Test func italicAndStrikethroughReachEveryOutputThatHasThem() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.draw("ab", at: Point(x: 0, y: 0), style: Style(italic: true))
    canvas.draw("cd", at: Point(x: 2, y: 0), style: Style(underlined: true, struckThrough: true))
    #expect(canvas.styledText.hasSuffix("0:0 italic\n0:2 underlined struck\n"))
    #expect(canvas.ansiRows[0].contains("\u{1B}[0;3mab") && canvas.ansiRows[0].contains("\u{1B}[0;4;9mcd"), "\(canvas.ansiRows[0])")
    #expect(canvas.svg.contains("font-style:italic") && canvas.svg.contains("text-decoration:underline line-through"))
    #expect(Style(italic: true).adding(Style(struckThrough: true)) == Style(italic: true, struckThrough: true))
  }
}
