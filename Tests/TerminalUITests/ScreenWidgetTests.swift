import Boundaries
import StoreTestSupport
import TerminalKit
import Testing

@testable import Shop
@testable import TerminalUI

/// The shop's own widgets, each drawn alone into a small frame and checked as the rows it must
/// produce and the commands its clicks send. (Whole screens in every state are the snapshots'.)
@MainActor
struct ScreenWidgetTests {
  static let theme = Theme.monochrome

  @Test func theTabBarMarksTheSelectedTabAndShowsTheCartWhereItFits() {
    var state = AppFeature.State()
    state.selectedTab = .profile
    var frame = ScreenFrame(size: Size(width: 40, height: 1), theme: Self.theme)
    frame.render(TabBar(state), in: frame.bounds)
    #expect(frame.textRows == ["  Products   Profile        Cart: empty"])
    #expect(frame[12, 0].style == Self.theme.selectedTab && frame[2, 0].style == Self.theme.secondary)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 4, y: 0))) == .app(.tabSelected(.products)))
    // Too narrow for the cart: the tabs alone.
    var narrow = ScreenFrame(size: Size(width: 22, height: 1), theme: Self.theme)
    narrow.render(TabBar(state), in: narrow.bounds)
    #expect(narrow.textRows == ["  Products   Profile"])
  }

  @Test func aPickerMarksTheChoiceInForceAndHighlightsTheOneUnderTheKeyboard() {
    var picker = PickerFeature.State(
      options: [.category(nil), .category("books"), .category("tea")],
      current: .category("books")
    )
    picker.highlighted = 2
    var frame = ScreenFrame(size: Size(width: 30, height: 7), theme: Self.theme)
    for row in 0..<7 { frame.draw(String(repeating: "#", count: 30), at: Point(x: 0, y: row)) }
    frame.render(PickerView(picker), in: frame.bounds)
    // What is behind stays in view, but for a column cleared on each side of the box.
    #expect(frame.textRows == [
      "##############################",
      "## ┌─ Category ───────────┐ ##",
      "## │   All                │ ##",
      "## │ ● Books              │ ##",
      "## │   Tea                │ ##",
      "## └──────────────────────┘ ##",
      "##############################",
    ])
    #expect(frame[5, 4].style == Self.theme.selection, "Tea is highlighted")
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 6, y: 2))) == .picker(.optionTapped(0)))
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 0, y: 0))) == nil, "what is under the picker is covered")
  }

  @Test func anAlertIsADialogWhoseButtonsSendItsActions() throws {
    let alert = AlertState<CartFeature.Action.Alert>.confirmPurchase(total: Money(cents: 1_450), shipsTo: .sample)
    var frame = ScreenFrame(size: Size(width: 40, height: 7), theme: Self.theme)
    frame.render(AlertView(alert, press: { .cart(.alert($0)) }), in: frame.bounds)
    let rows = frame.textRows.joined(separator: "\n")
    #expect(rows.contains("Confirm your purchase"), "\(rows)")
    #expect(rows.contains("[ Pay $14.50 ]") && rows.contains("[ Cancel ]"), "\(rows)")
    let row = try #require(frame.textRows.firstIndex { $0.contains("Pay $14.50") })
    let text = frame.textRows[row]
    let column = text.distance(from: text.startIndex, to: try #require(text.range(of: "Pay $14.50")).lowerBound)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: column, y: row))) == .cart(.alert(.presented(.confirmPurchase))))
  }

  @Test func helpListsEveryBindingOfTheLayersItIsGiven() {
    let keys = KeyMap<KeyCommand>("Things", bindings: [
      KeyBinding([.character("x")], "x", "do the thing", command: .redraw),
    ])
    var frame = ScreenFrame(size: Size(width: 40, height: 6), theme: Self.theme)
    frame.render(HelpOverlay<KeyCommand, KeyCommand>([keys], scroll: WheelCommands(up: .app(.helpScrolled(by: -3, limit: 5)), down: .app(.helpScrolled(by: 3, limit: 5)))), in: frame.bounds)
    let rows = frame.textRows.joined(separator: "\n")
    #expect(rows.contains("Things") && rows.contains("do the thing"), "\(rows)")
    #expect(frame.command(for: MouseEvent(.wheelDown, at: Point(x: 5, y: 3))) == .app(.helpScrolled(by: 3, limit: 5)))
  }
}
