@testable import TerminalKit
import Testing

/// The canvas never leaves its bounds, never keeps half of a wide character, and never lets
/// text act on the terminal.
struct CanvasTests {
  @Test func textIsClippedAndTruncatedToItsWidth() {
    var canvas = Canvas(size: Size(width: 10, height: 2))
    let used = canvas.draw("Dot-grid notebook", at: Point(x: 2, y: 0), width: 6)
    #expect(used == 6)
    #expect(canvas.textRows == ["  Dot-g…", ""])
    canvas.draw("beyond", at: Point(x: 8, y: 5))
    canvas.draw("left", at: Point(x: -2, y: 1))
    #expect(canvas.textRows[1] == "ft")
  }

  @Test func aWideCharacterThatDoesNotFitIsNotHalfDrawn() {
    var canvas = Canvas(size: Size(width: 5, height: 1))
    canvas.draw("ab한지", at: Point(x: 0, y: 0), truncate: false)
    // "한" fills columns 2-3; "지" would need columns 4-5 and the canvas has only 5.
    #expect(canvas.textRows == ["ab한"])
    #expect(canvas[2, 0].width == 2 && canvas[3, 0].width == 0)
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    canvas.draw("한지", at: Point(x: 0, y: 0))
    canvas.draw("x", at: Point(x: 1, y: 0))
    #expect(canvas.textRows == [" x지"])
    canvas.draw("y", at: Point(x: 2, y: 0))
    #expect(canvas.textRows == [" xy"])
    for x in 0..<6 where canvas[x, 0].width == 0 {
      #expect(canvas[x - 1, 0].width == 2, "a continuation cell always follows a wide one")
    }
  }

  @Test func combiningMarksStayWithTheirLetter() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    canvas.draw("Cre\u{300}me", at: Point(x: 0, y: 0))
    #expect(canvas.textRows == ["Crème"])
    #expect(canvas[2, 0].text == "e\u{300}")
  }

  @Test func absurdSizesAreBounded() {
    let maximum = Canvas.maximumSize
    // One more than the largest in each direction is cut to the largest; the other side stays.
    let wide = Canvas(size: Size(width: maximum.width + 1, height: 3))
    #expect(wide.size == Size(width: maximum.width, height: 3) && wide.cells.count == maximum.width * 3)
    let tall = Canvas(size: Size(width: 80, height: maximum.height + 1))
    #expect(tall.size == Size(width: 80, height: maximum.height))
    #expect(Canvas(size: Size(width: 80, height: 24)).size == Size(width: 80, height: 24), "a real size is kept")
    #expect(Canvas(size: Size(width: -3, height: 0)).cells.isEmpty)
  }
}
