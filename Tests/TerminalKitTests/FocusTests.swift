import TerminalKit
import Testing

/// Where a frame says its focus is (``Canvas/focus``), which the terminal's cursor follows:
/// what is drawn last and says so wins, a point of input shows the cursor, and each widget that
/// has a focus says where.
struct FocusTests {
  @Test func theLastToSayWinsAndAPointOfInputIsShown() {
    var canvas = Canvas(size: Size(width: 10, height: 4))
    #expect(canvas.focus == nil && canvas.cursor == nil)
    canvas.markFocus(at: Point(x: 1, y: 1))
    #expect(canvas.focus == Point(x: 1, y: 1) && canvas.cursor == nil, "a row: the focus, the cursor not shown")
    canvas.showCursor(at: Point(x: 4, y: 2))
    #expect(canvas.focus == Point(x: 4, y: 2) && canvas.cursor == Point(x: 4, y: 2), "a field: shown")
    canvas.markFocus(at: Point(x: 0, y: 3))
    #expect(canvas.focus == Point(x: 0, y: 3) && canvas.cursor == nil, "a dialog drawn over the field takes it")
    canvas.showCursor(at: nil)
    #expect(canvas.focus == Point(x: 0, y: 3), "hiding a cursor no one shows leaves the focus")
    canvas.markFocus(at: Point(x: 10, y: 0))
    #expect(canvas.focus == Point(x: 0, y: 3), "off the canvas: ignored")
    canvas.showCursor(at: Point(x: 2, y: 0))
    canvas.showCursor(at: nil)
    #expect(canvas.focus == nil && canvas.cursor == nil, "a field's cursor hidden again")
  }

  @Test func aListsSelectedRowATablesAndAFocusedButtonAreTheFocus() {
    var frame = Frame<Int>(size: Size(width: 20, height: 6), theme: .monochrome)
    var state = ListState()
    let list = ScrollingList<Int>(count: 30, selected: 12, selectionStyle: Style(reversed: true)) { index, area, _, frame in
      frame.draw("row \(index)", at: area.origin)
      return nil
    }
    frame.render(list, in: Rect(x: 2, y: 1, width: 10, height: 4), state: &state)
    #expect(frame.focus.map { frame.textRows[$0.y].dropFirst($0.x).hasPrefix("row 12") } == true, "\(frame.textRows)")

    var table = Frame<Int>(size: Size(width: 20, height: 5), theme: .monochrome)
    var tableState = ListState()
    table.render(
      Table<Int>(columns: [Table<Int>.Column("Item", width: .fill(1))], rowCount: 9, selected: 6) { row, _ in "item \(row)" },
      in: table.bounds, state: &tableState
    )
    #expect(table.focus.map { table.textRows[$0.y].hasPrefix("item 6") } == true, "\(table.textRows)")

    var dialog = Frame<Int>(size: Size(width: 40, height: 9), theme: .monochrome)
    dialog.render(
      Dialog<Int>(title: "Pay?", message: "Really", buttons: [.init("Cancel", appearance: .normal), .init("Pay", appearance: .focused)]),
      in: dialog.bounds
    )
    #expect(dialog.focus.map { dialog.textRows[$0.y].dropFirst($0.x).hasPrefix("[ Pay ]") } == true, "\(dialog.textRows)")
  }
}
