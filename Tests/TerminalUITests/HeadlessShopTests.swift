@testable import TerminalKit
import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import TerminalKitTesting
import Testing

@testable import TerminalUI

/// Keys in, screens out, through the same routing and drawing as the interactive app.
@MainActor
struct HeadlessShopTests {
  func makeShop(size: Size = Size(width: 80, height: 24)) -> HeadlessShop {
    HeadlessShop.forTests(size: size)
  }

  /// Help that does not fit scrolls, and its frame says which way there is more: rough edge 1
  /// of the browsing issue (help was cut at 60×20 and 40×12).
  @Test(arguments: [Size(width: 40, height: 12), Size(width: 60, height: 20)])
  func helpScrollsWhenItDoesNotFit(size: Size) async throws {
    let shop = makeShop(size: size)
    await shop.start()
    await shop.press(.character("?"))
    var screen = shop.frame().textRows.joined(separator: "\n")
    #expect(screen.contains("─ ↓ more ─"), "\(screen)")
    #expect(!screen.contains("repaint the screen"), "the last section is below")
    for _ in 0..<5 { await shop.press(.pageDown) }
    screen = shop.frame().textRows.joined(separator: "\n")
    #expect(screen.contains("─ ↑ more ─"), "\(screen)")
    #expect(screen.contains("repaint the screen"), "scrolled to the end")
    // At the end the offset stops: one line up shows the line above the last screenful.
    let end = shop.store.state.helpScrollOffset
    await shop.press(.pageDown)
    #expect(shop.store.state.helpScrollOffset == end, "no further than the end")
    await shop.press(.up)
    #expect(shop.store.state.helpScrollOffset == end - 1)
    await shop.press(.escape)
    #expect(!shop.store.state.isHelpPresented && shop.store.state.helpScrollOffset == 0)
  }

  /// A key is routed through the key maps its frame was drawn with, not maps built again; a key
  /// that changes the state gets the new state's maps (built once, by its frame).
  @Test func keysAreRoutedThroughTheMapsOfTheFrameOnScreen() async throws {
    let shop = makeShop()
    await shop.start()
    let program = shop.program
    let afterStart = program.keyMapsBuilt
    #expect(afterStart >= 1)
    // "x" does nothing on the product list: no change, so no new maps.
    await shop.press(.character("x"))
    #expect(program.keyMapsBuilt == afterStart, "routed and drawn on the maps already built")
    // "c" opens the cart: its maps, built once for the frame, and then they route.
    await shop.press(.character("c"))
    #expect(program.keyMapsBuilt == afterStart + 1)
    #expect(program.command(for: .key(.escape), size: Size(width: 80, height: 24)) == .cart(.closeTapped))
    #expect(program.keyMapsBuilt == afterStart + 1)
    await shop.press(.escape)
    #expect(shop.store.state.productList.cart == nil, "Esc went through the cart's maps")
  }

  /// The cart's store is kept while the cart is open, and handed out only then: closed, there
  /// is none; opened again, the kept store acts on the new cart.
  @Test func theCartsStoreIsOnlyThereWhileTheCartIsOpen() async throws {
    let shop = makeShop()
    await shop.start()
    let screens = ScreenStores(app: shop.store)
    #expect(screens.cartSheet == nil)
    for round in 1...2 {
      screens.productsScreen.send(.cartButtonTapped)
      let cart = try #require(screens.cartSheet, "round \(round)")
      cart.send(.closeTapped)
      #expect(shop.store.state.productList.cart == nil, "round \(round): the close reached the open cart")
      #expect(screens.cartSheet == nil, "round \(round)")
    }
  }

  @Test func aPurchaseByKeyboard() async throws {
    let shop = makeShop()
    await shop.start()
    #expect(shop.frame().textRows.contains { $0.contains("Dot-grid notebook") })
    for key in try Key.sequence(parsing: "+ + j + c") {
      #expect(await shop.press(key))
    }
    #expect(shop.frame().textRows[0].hasSuffix("Cart: 3 items · $50.00"))
    // Delete the first line and pay: checkout starts from the saved address, its choice in focus.
    for key in try Key.sequence(parsing: "d p") {
      await shop.press(key)
    }
    #expect(shop.frame().textRows.contains { $0.contains("Checkout · 1/3 Shipping and contact") })
    #expect(shop.store.state.productList.cart?.checkout?.form.address == .sample)
    // Tab through the saved address's fields to Continue (the address's own buttons come after
    // it); Enter on to delivery, the review, Place order, and Pay in the confirmation.
    for _ in 0..<20 where shop.store.state.productList.cart?.checkout?.form.focus != .continue { await shop.press(.tab) }
    #expect(shop.store.state.productList.cart?.checkout?.form.focus == .continue)
    await shop.press(.enter)
    #expect(shop.frame().textRows.contains { $0.contains("Checkout · 2/3 Delivery") })
    await shop.press(.enter)
    #expect(shop.frame().textRows.contains { $0.contains("Checkout · 3/3 Review") })
    for key in try Key.sequence(parsing: "Enter Enter") {
      await shop.press(key)
    }
    #expect(shop.frame().textRows.contains { $0.contains("Your order is in process.") })
    await shop.press(.enter)
    #expect(shop.store.state.productList.cart == nil)
    #expect(shop.store.state.productList.products.allSatisfy { $0.quantity == 0 })
    #expect(await shop.press(.character("q")) == false)
  }

  @Test func resizingReflowsAndPagesByTheNewHeight() async {
    let shop = makeShop(size: Size(width: 80, height: 24))
    await shop.start()
    // A page is the rows the screen shows: 19 at 24 lines, 9 at 14, with no report between.
    await shop.press(.pageDown)
    #expect(shop.store.state.productList.selectedIndex == 19)
    await shop.press(.home)
    await shop.resize(to: Size(width: 80, height: 14))
    await shop.press(.pageDown)
    #expect(shop.store.state.productList.selectedIndex == 9)
    #expect(shop.frame().textRows.contains { $0.contains(shop.store.state.productList.selectedRow!.product.title) }, "the selection is drawn")
    await shop.resize(to: Size(width: 30, height: 8))
    #expect(shop.frame().textRows.contains { $0.contains("Terminal too small") })
    // Keys pressed blind change nothing.
    let before = shop.store.state
    await shop.press(.character("+"))
    await shop.press(.character("c"))
    #expect(shop.store.state == before)
    await shop.resize(to: Size(width: 80, height: 24))
    // The selection stays where it was, on screen.
    let selected = shop.store.state.productList.products[9].product.title
    #expect(shop.frame().textRows.contains { $0.contains("▸ \(selected)") })
  }

  /// A list longer than its sheet keeps where it is scrolled to: the focus moves on screen
  /// before the lines move, and going to Pay and back leaves the lines where they were. (Each
  /// frame used to work out the offset again, from the top: on Pay the lines jumped back to the
  /// first, and every step up from the bottom scrolled.)
  @Test func theCartSheetKeepsItsScrollBetweenFrames() async throws {
    let shop = makeShop(size: Size(width: 80, height: 12))
    await shop.start()
    for key in try Key.sequence(parsing: "+ j + j + j + j + j + j + j + j + j + j c") {
      await shop.press(key)
    }
    let rows = CartSheet.visibleRows(in: AppLayout(size: Size(width: 80, height: 12)).screen)
    #expect(rows < 10, "the sheet shows fewer lines than the cart has")
    func firstLine() -> String? { shop.frame().textRows.first { $0.contains("│ ") && $0.contains("$") } }
    for _ in 0..<9 { await shop.press(.down) }
    let bottom = firstLine()
    #expect(bottom != nil && !(bottom ?? "").contains("Dot-grid"), "scrolled down to the last line")
    await shop.press(.up)
    #expect(firstLine() == bottom, "one up from the bottom moves the focus, not the lines")
    await shop.press(.end)
    #expect(firstLine() == bottom, "on Pay: the lines stay")
    await shop.press(.up)
    #expect(firstLine() == bottom, "and back")
    #expect(shop.store.state.productList.cart?.scroll.offset == 10 - rows)
  }

  @Test func keysMashedAtRandomNeverBreakTheScreen() async {
    let shop = makeShop(size: Size(width: 60, height: 16))
    await shop.start()
    let keys: [Key] = [
      .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab,
      .escape, .backspace, .delete, .character("+"), .character("-"), .character("c"),
      .character("p"), .character("d"), .character("?"), .character("2"), .character("1"),
      .character("r"), .character("x"), .character("j"), .character("k"), .character("한"),
    ]
    var generator = SplitMix64(seed: 2026)
    var pressed = 0
    for _ in 0..<2_000 {
      // The main actor is every @MainActor test's and every store's in this process: two
      // thousand keys pressed back to back held it for a minute and a half in a full run, and
      // other tests' effects waited for it past their 30 s limit. A turn for others after each.
      await Task.yield()
      let key = keys[Int(generator.next() % UInt64(keys.count))]
      if await shop.press(key) == false { break }
      pressed += 1
      let rows = shop.frame().textRows
      let list = shop.store.state.productList
      // Whatever is open, the screen says which keys work: its last row is never blank.
      #expect(rows.last?.trimmingCharacters(in: .whitespaces).isEmpty == false, "after \(pressed) keys:\n\(rows.joined(separator: "\n"))")
      #expect(rows.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } }, "no control character drawn")
      // The selection is a product the list shows, and quantities stay within the stepper's range.
      if let selected = list.selectedID { #expect(list.shownIDs.contains(selected), "after \(pressed) keys") }
      #expect(list.products.allSatisfy { (0...99).contains($0.quantity) })
    }
    #expect(pressed > 100, "the keys reached the store before one of them quit it")
  }
}
