import TerminalKit
import Testing

@testable import Shop

/// The one way every list of the shop moves and scrolls.
struct ListScrollTests {
  struct Step: Sendable, CustomTestStringConvertible {
    var move: SelectionMove
    var from: Int?
    var offset: Int
    /// Where the selection lands, and the first row on screen after.
    var to: Int?
    var offsetAfter: Int
    var testDescription: String { "\(move) from \(from.map(String.init) ?? "nothing") at offset \(offset)" }
  }

  /// Twenty rows, five on screen.
  @Test(arguments: [
    Step(move: .down, from: nil, offset: 0, to: 1, offsetAfter: 0),
    Step(move: .down, from: 4, offset: 0, to: 5, offsetAfter: 1),
    Step(move: .up, from: 5, offset: 1, to: 4, offsetAfter: 1),
    Step(move: .up, from: 1, offset: 1, to: 0, offsetAfter: 0),
    Step(move: .pageDown, from: 2, offset: 0, to: 7, offsetAfter: 3),
    Step(move: .pageUp, from: 7, offset: 3, to: 2, offsetAfter: 2),
    Step(move: .last, from: 0, offset: 0, to: 19, offsetAfter: 15),
    Step(move: .first, from: 19, offset: 15, to: 0, offsetAfter: 0),
    Step(move: .down, from: 19, offset: 15, to: 19, offsetAfter: 15),
  ])
  func aSelectionMovesWithinTheRowsOnScreenBeforeTheListScrolls(_ step: Step) {
    var scroll = ListScroll(offset: step.offset, visibleRows: 5)
    #expect(scroll.move(step.from, by: step.move, count: 20) == step.to)
    #expect(scroll.offset == step.offsetAfter)
  }

  @Test func anEmptyListHasNoSelectionAndAShrunkListKeepsItsOffsetInRange() {
    var scroll = ListScroll(offset: 7, visibleRows: 5)
    #expect(scroll.move(3, by: .down, count: 0) == nil && scroll.offset == 0)
    scroll = ListScroll(offset: 15, visibleRows: 5)
    scroll.show(nil, count: 8)
    #expect(scroll.offset == 3, "rows 3–7, the last five")
    scroll.resize(to: 10, showing: 7, count: 8)
    #expect(scroll.offset == 0 && scroll.visibleRows == 10, "everything fits")
    scroll.resize(to: 0, showing: nil, count: 8)
    #expect(scroll.visibleRows == 1, "at least one row")
  }
}

/// A picker opens on the choice in force, scrolled to show it: moving up from there moves the
/// highlight on screen, not the list.
struct PickerScrollTests {
  @Test func aPickerOpensScrolledToTheChoiceInForce() {
    let categories = (1...20).map { "category \($0)" }
    var picker = PickerFeature.State(options: [.category(nil)] + categories.map(BrowsingChoice.category), current: .category("category 15"))
    #expect(picker.highlighted == 15)
    #expect(picker.scroll.offset == 15 - picker.scroll.visibleRows + 1, "the choice in force is on screen, at the bottom")
    let offset = picker.scroll.offset
    picker.highlighted = picker.scroll.move(picker.highlighted, by: .up, count: picker.options.count) ?? 0
    #expect(picker.highlighted == 14 && picker.scroll.offset == offset)
  }
}
