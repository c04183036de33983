@testable import TerminalKit
import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import Testing

@testable import TerminalUI

/// Clicks and the wheel, through the targets each frame records as it is drawn.
@MainActor
struct MouseTests {
  func makeShop(size: Size = Size(width: 80, height: 24), failing: Bool = false) -> HeadlessShop {
    HeadlessShop.forTests(size: size, failing: failing)
  }

  /// The first cell of `text` on screen.
  func cell(of text: String, in shop: HeadlessShop, after line: Int = 0) throws -> Point {
    let rows = shop.frame().textRows
    for (y, row) in rows.enumerated() where y >= line {
      if let range = row.range(of: text) {
        return Point(x: TextWidth.columns(of: row[..<range.lowerBound]), y: y)
      }
    }
    throw Missing(text: text, screen: rows.joined(separator: "\n"))
  }

  struct Missing: Error, CustomStringConvertible {
    var text: String
    var screen: String
    var description: String { "'\(text)' is not on screen:\n\(screen)" }
  }

  func click(_ text: String, in shop: HeadlessShop, after line: Int = 0) async throws {
    await shop.mouse(MouseEvent(.press, at: try cell(of: text, in: shop, after: line)))
  }

  @Test func aPurchaseByMouse() async throws {
    let shop = makeShop()
    await shop.start()
    let list = shop.store.state.productList
    let first = list.shownIDs[0]
    try await click("[ Add to Cart ]", in: shop)
    #expect(shop.store.state.productList.products[id: first]?.quantity == 1)
    try await click("[+]", in: shop)
    #expect(shop.store.state.productList.products[id: first]?.quantity == 2)
    try await click("[-]", in: shop)
    #expect(shop.store.state.productList.products[id: first]?.quantity == 1)
    try await click("Cart: 1 item", in: shop)
    #expect(shop.store.state.productList.cart != nil)
    // The tabs do not hear the mouse under the sheet, as they do not hear Tab.
    try await click("Profile", in: shop)
    #expect(shop.store.state.selectedTab == .products)
    try await click("[ Pay", in: shop)
    #expect(shop.store.state.productList.cart?.checkout != nil)
    // Checkout, from the saved address: a click on a field focuses it, on a button presses it.
    try await click("Email", in: shop)
    #expect(shop.store.state.productList.cart?.checkout?.form.focus == .address(.email))
    try await click("[ Continue to delivery ]", in: shop)
    try await click("Express", in: shop)
    #expect(shop.store.state.productList.cart?.checkout?.delivery == .express)
    try await click("[ Continue ]", in: shop)
    try await click("[ Place order", in: shop)
    #expect(shop.store.state.productList.cart?.alert != nil)
    try await click("[ Cancel ]", in: shop)
    #expect(shop.store.state.productList.cart?.alert == nil)
    try await click("[ Place order", in: shop)
    try await click("[ Pay", in: shop)  // the dialog's button
    #expect(shop.frame().textRows.contains { $0.contains("Thank you!") })
    try await click("[ Done ]", in: shop)
    #expect(shop.store.state.productList.cart == nil)
    #expect(shop.store.state.productList.products[id: first]?.quantity == 0)
  }

  @Test func aCartLineIsDeletedByItsButton() async throws {
    let shop = makeShop()
    await shop.start()
    try await click("[ Add to Cart ]", in: shop)
    await shop.press(.character("c"))
    try await click("[ Delete ]", in: shop)
    #expect(shop.store.state.productList.cart?.items.isEmpty == true)
    #expect(shop.store.state.productList.cartSummary.text == "Cart: empty")
  }

  @Test func aRowClickSelectsThenOpensDetailsAndTheWheelScrolls() async throws {
    let shop = makeShop()
    await shop.start()
    let third = shop.store.state.productList.shownIDs[2]
    let row = try cell(of: "Brass bullet pen", in: shop)
    await shop.mouse(MouseEvent(.press, at: row))
    #expect(shop.store.state.productList.selectedID == third)
    await shop.mouse(MouseEvent(.press, at: row))
    #expect(shop.store.state.productList.details?.productID == third)
    await shop.press(.escape)
    await shop.mouse(MouseEvent(.wheelDown, at: row))
    #expect(shop.store.state.productList.selectedIndex == 3)
    await shop.mouse(MouseEvent(.wheelUp, at: row))
    await shop.mouse(MouseEvent(.wheelUp, at: row))
    #expect(shop.store.state.productList.selectedIndex == 1)
  }

  @Test func thePickersOptionsAnswerClicks() async throws {
    let shop = makeShop()
    await shop.start()
    await shop.press(.character("f"))
    try await click("Kitchen", in: shop)
    #expect(shop.store.state.productList.browsing.category == "kitchen")
    #expect(shop.store.state.productList.browsing.picker == nil)
    // A click outside the picker does nothing while it is open.
    await shop.press(.character("s"))
    try await click("Profile", in: shop)
    #expect(shop.store.state.selectedTab == .products)
    #expect(shop.store.state.productList.browsing.picker != nil)
  }

  @Test func retryAndTabsAnswerClicks() async throws {
    let shop = makeShop(failing: true)
    await shop.start()
    try await click("[ Retry ]", in: shop)
    #expect(shop.store.state.productList.status == .failed(.timedOut(seconds: 10)), "fetched again, failed again")
    try await click("Profile", in: shop)
    #expect(shop.store.state.selectedTab == .profile)
  }

  @Test func helpScrollsWithTheWheelAndCoversTheScreen() async throws {
    let shop = makeShop(size: Size(width: 40, height: 12))
    await shop.start()
    await shop.press(.character("?"))
    #expect(shop.frame().textRows.joined().contains("↓ more"), "help does not fit 40×12")
    await shop.mouse(MouseEvent(.wheelDown, at: Point(x: 20, y: 5)))
    #expect(shop.store.state.helpScrollOffset == 3)
    #expect(shop.frame().textRows.joined().contains("─ ↑↓ more ─"), "scrolled: more above and below")
    await shop.mouse(MouseEvent(.press, at: Point(x: 3, y: 0)))
    #expect(shop.store.state.selectedTab == .products)
    #expect(shop.store.state.isHelpPresented)
  }
}
