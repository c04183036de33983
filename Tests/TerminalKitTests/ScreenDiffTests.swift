import TerminalKit
import Testing

@testable import TerminalKitTesting

/// A failing SVG snapshot says which rows of the screen differ before it shows the SVG's lines.
struct ScreenDiffTests {
  static func screen(_ rows: [String]) -> Canvas {
    var canvas = Canvas(size: Size(width: 12, height: rows.count))
    for (y, row) in rows.enumerated() { canvas.draw(row, at: Point(x: 0, y: y), style: y == 0 ? Style(bold: true) : .plain) }
    return canvas
  }

  @Test func theRowsOfAnSVGAreTheScreensText() {
    let canvas = Self.screen(["<Cart> & co", "2 × \"tea\"", "한국어"])
    #expect(ScreenDiff.rows(ofSVG: canvas.svg) == ["<Cart> & co", "2 × \"tea\"", "한국어"])
  }

  @Test func aFailingSVGNamesTheRowsThatDiffer() throws {
    let before = Self.screen(["Total", "$10.00"]).svg
    let after = Self.screen(["Total", "$12.00"]).svg
    let (message, _) = try #require(ScreenDiff.svg.diffV2(before, after))
    #expect(message.hasPrefix("The screen's text differs"))
    #expect(message.contains("−2│$10.00"))
    #expect(message.contains("+2│$12.00"))
    #expect(ScreenDiff.svg.diffV2(before, before) == nil)
  }

  @Test func aStyleOnlyChangeSaysSo() throws {
    var plain = Canvas(size: Size(width: 6, height: 1))
    plain.draw("Total", at: Point(x: 0, y: 0))
    var bold = Canvas(size: Size(width: 6, height: 1))
    bold.draw("Total", at: Point(x: 0, y: 0), style: Style(bold: true))
    let (message, _) = try #require(ScreenDiff.svg.diffV2(plain.svg, bold.svg))
    #expect(message.hasPrefix("The screen's text is the same: only styles differ."))
  }

  @Test func theLinuxDiffToolIsACommandThatExists() {
    #expect(SnapshotTestingConfiguration.DiffTool.diff(currentFilePath: "/a b", failedFilePath: "/c") == "diff -u \"/a b\" \"/c\"")
  }
}
