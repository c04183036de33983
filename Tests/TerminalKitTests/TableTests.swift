import TerminalKit
import Testing

/// `Table`: columns by constraint, the header and its sort mark, cells cut by display width,
/// the selection kept in view, the scrollbar, and 100,000 rows costing what 20 do.
struct TableTests {
  private static let columns = [
    Table<Int>.Column("Item", width: .fill(1)),
    Table<Int>.Column("Qty", width: .length(3), alignment: .trailing),
    Table<Int>.Column("Price", width: .length(7), alignment: .trailing),
  ]
  private static let items: [(String, Int, String)] = [
    ("Notebook", 2, "$29.00"), ("한지 노트 Hanji notebook", 1, "$21.00"), ("Pen", 10, "$329.50"), ("Mug", 1, "$16.90"),
  ]

  private func drawn(
    width: Int, height: Int, rows: Int = items.count, selected: Int? = nil, sort: Table<Int>.Sort? = nil,
    state: inout ListState, cell: Table<Int>.CellText? = nil
  ) -> Frame<Int> {
    var frame = Frame<Int>(size: Size(width: width, height: height), theme: .monochrome)
    let table = Table<Int>(
      columns: Self.columns, rowCount: rows, selected: selected, sort: sort, press: { $0 },
      cell: cell ?? { row, column in
        let item = Self.items[row % Self.items.count]
        return [item.0, String(item.1), item.2][column]
      }
    )
    frame.render(table, in: frame.bounds, state: &state)
    return frame
  }

  @Test func aHeaderThenRowsInTheirColumnsCutByDisplayWidth() {
    var state = ListState()
    let frame = drawn(width: 30, height: 5, sort: Table.Sort(column: 2, ascending: false), state: &state)
    // 30 columns: Qty takes 3 and Price 7, a space between each, Item the 18 left.
    #expect(frame.textRows == [
      "Item               Qty Price ▼",
      "Notebook             2  $29.00",
      "한지 노트 Hanji n…   1  $21.00",
      "Pen                 10 $329.50",
      "Mug                  1  $16.90",
    ])
    let header = drawn(width: 32, height: 1, sort: Table.Sort(column: 0, ascending: true), state: &state)
    #expect(header.textRows == ["Item ▲               Qty   Price"], "the mark on the sorted column")
  }

  @Test func theSelectionIsHighlightedKeptInViewAndClickable() {
    var state = ListState()
    let frame = drawn(width: 30, height: 3, rows: 4, selected: 3, state: &state)
    #expect(state.offset == 2 && state.visibleRows == 2)
    #expect(frame.textRows[1].hasPrefix("Pen") && frame.textRows[2].hasPrefix("Mug"))
    #expect(frame[0, 2].style == Theme.monochrome.text.adding(Theme.monochrome.selection))
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 3, y: 1))) == 2)
  }

  @Test func theScrollbarsThumbShowsTheShareAndThePlace() {
    var top = ListState()
    let atTop = drawn(width: 20, height: 6, rows: 100, selected: 0, state: &top)
    let bar = { (frame: Frame<Int>) in (1..<6).map { frame[19, $0].text }.joined() }
    #expect(bar(atTop) == "█││││", "5 of 100 rows: a one-cell thumb at the top")
    var bottom = ListState()
    let atBottom = drawn(width: 20, height: 6, rows: 100, selected: 99, state: &bottom)
    #expect(bar(atBottom) == "││││█", "at the bottom exactly when the last row shows")
    var all = ListState()
    #expect(drawn(width: 20, height: 6, rows: 3, state: &all)[19, 1].text != "█", "no scrollbar when every row fits")
  }

  @Test func aHundredThousandRowsAskOnlyForTheRowsOnScreen() {
    final class Counter: @unchecked Sendable { var calls = 0 }
    let counter = Counter()
    var state = ListState()
    let frame = drawn(width: 40, height: 24, rows: 100_000, selected: 50_000, state: &state) { row, column in
      counter.calls += 1
      return "row \(row) col \(column)"
    }
    #expect(counter.calls == 23 * 3, "23 rows on screen, 3 columns each")
    #expect(frame.textRows[23].hasPrefix("row 50000"), "the selection kept in view at the bottom")
  }

  @Test func oddSizesDrawNothingOutside() {
    var state = ListState()
    #expect(drawn(width: 30, height: 1, state: &state).textRows == ["Item               Qty   Price"], "a header alone")
    #expect(drawn(width: 14, height: 1, sort: Table.Sort(column: 2, ascending: true), state: &state).textRows == ["I… Qty Price ▲"], "the fill column cut to the two columns left")
    #expect(drawn(width: 5, height: 3, state: &state).textRows.allSatisfy { $0.count <= 5 })
    let empty = drawn(width: 30, height: 4, rows: 0, state: &state).textRows
    #expect(empty.dropFirst().allSatisfy { $0.isEmpty }, "no rows: the header alone")
    var hostile = ListState()
    let frame = drawn(width: 30, height: 2, rows: 1, state: &hostile) { _, _ in "\u{1B}[2Jboom\u{7}" }
    #expect(frame.textRows[1].hasPrefix("boom"))
  }
}

/// The one list model: a selection moved by keys and pages, the rows scrolled to keep it in
/// view, the wheel scrolling without moving it.
struct ListStateTests {
  @Test func movesKeepTheSelectionInView() {
    var list = ListState(visibleRows: 5)
    #expect(list.move(nil, by: .down, count: 100) == 1)
    #expect(list.move(1, by: .pageDown, count: 100) == 6)
    #expect(list.visibleRange(count: 100) == 2..<7)
    #expect(list.move(6, by: .last, count: 100) == 99)
    #expect(list.visibleRange(count: 100) == 95..<100)
    #expect(list.move(99, by: .pageUp, count: 100) == 94)
    #expect(list.visibleRange(count: 100) == 94..<99)
    #expect(list.move(94, by: .first, count: 100) == 0)
    #expect(list.offset == 0)
    #expect(list.move(3, by: .up, count: 0) == nil)
  }

  @Test func theWheelScrollsWithinTheList() {
    var list = ListState(visibleRows: 10)
    list.scroll(by: 3, count: 100)
    #expect(list.offset == 3)
    list.scroll(by: -10, count: 100)
    #expect(list.offset == 0)
    list.scroll(by: 500, count: 100)
    #expect(list.offset == 90)
    list.scroll(by: 1, count: 4)
    #expect(list.offset == 0, "a list shorter than the area never scrolls")
  }

  @Test func theKeysAreOneTable() {
    func move(for key: Key) -> SelectionMove? { SelectionMove.keyBindings.first { $0.keys.contains(key) }?.command }
    #expect(move(for: .character("j")) == .down)
    #expect(move(for: .end) == .last)
    #expect(move(for: .character("x")) == nil)
  }
}
