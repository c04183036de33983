@testable import TerminalKit
import Boundaries
import Shop
import Testing

@testable import TerminalUI

/// What each key does on each screen, and what the footer and help promise.
@MainActor
struct KeyRouterTests {
  let size = Size(width: 80, height: 24)

  func command(_ key: Key, in scenario: Scenario) async -> KeyCommand? {
    KeyRouter.command(for: key, in: await scenario.state(at: size))
  }

  @Test func productListKeys() async throws {
    let state = await Scenario.productsTop.state(at: size)
    let first = try #require(state.productList.selectedID)
    let rows = AppLayout(size: size).screen.visibleProductRows
    #expect(KeyRouter.command(for: .down, in: state) == .products(.selectionMoved(.down, visibleRows: rows)))
    #expect(KeyRouter.command(for: .character("j"), in: state) == .products(.selectionMoved(.down, visibleRows: rows)))
    #expect(KeyRouter.command(for: .character("G"), in: state) == .products(.selectionMoved(.last, visibleRows: rows)))
    #expect(KeyRouter.command(for: .pageDown, in: state) == .products(.selectionMoved(.pageDown, visibleRows: rows)))
    #expect(KeyRouter.command(for: .character("+"), in: state) == .stepper(first, .plusTapped))
    #expect(KeyRouter.command(for: .left, in: state) == .stepper(first, .minusTapped))
    #expect(KeyRouter.command(for: .enter, in: state) == .products(.detailsOpened))
    #expect(KeyRouter.command(for: .character(" "), in: state) == .stepper(first, .plusTapped), "Space adds one")
    #expect(KeyRouter.command(for: .character("/"), in: state) == .browsing(.searchOpened))
    #expect(KeyRouter.command(for: .character("f"), in: state) == .browsing(.categoryPickerOpened))
    #expect(KeyRouter.command(for: .character("s"), in: state) == .browsing(.sortPickerOpened))
    #expect(KeyRouter.command(for: .character("c"), in: state) == .products(.cartButtonTapped))
    #expect(KeyRouter.command(for: .character("r"), in: state) == .products(.retryTapped), "r refreshes a list shown")
    #expect(KeyRouter.command(for: .tab, in: state) == .app(.nextTabSelected))
    #expect(KeyRouter.command(for: .backTab, in: state) == .app(.previousTabSelected))
    #expect(KeyRouter.command(for: .character("2"), in: state) == .app(.tabSelected(.profile)))
    #expect(KeyRouter.command(for: .character("q"), in: state) == .quit)
    #expect(KeyRouter.command(for: .control("c"), in: state) == .quit)
    #expect(KeyRouter.command(for: .character("?"), in: state) == .app(.helpToggled))
  }

  @Test func aTooSmallScreenOnlyQuitsAndRepaints() async {
    let state = await Scenario.cartWithItems.state(at: size)
    let tiny = Size(width: 30, height: 8)
    for key: Key in [.character("d"), .character("p"), .escape, .character("q"), .character("+"), .down] {
      #expect(KeyRouter.command(for: key, in: state, size: tiny) == nil, "\(key)")
    }
    #expect(KeyRouter.command(for: .control("c"), in: state, size: tiny) == .quit)
    #expect(KeyRouter.command(for: .control("l"), in: state, size: tiny) == .redraw)
    #expect(KeyRouter.command(for: .character("d"), in: state, size: size) != nil)
  }

  @Test func enterOpensDetailsAndSpaceAddsOneMoreInTheCart() async throws {
    let state = await Scenario.productsInCart.state(at: size)
    let selected = try #require(state.productList.selectedID)
    #expect(KeyRouter.command(for: .enter, in: state) == .products(.detailsOpened))
    #expect(KeyRouter.command(for: .character(" "), in: state) == .stepper(selected, .plusTapped))
  }

  @Test func retryAfterAnError() async {
    #expect(await command(.character("r"), in: .productsError) == .products(.retryTapped))
    #expect(await command(.character("r"), in: .profileError) == .profile(.retryTapped))
    // Enter presses the [ Retry ] button the screen draws.
    #expect(await command(.enter, in: .productsError) == .products(.retryTapped))
    #expect(await command(.enter, in: .profileError) == .profile(.retryTapped))
  }

  @Test func anEmptyListCanBeReloaded() async {
    let state = await Scenario.productsTop.state(at: size, products: [])
    #expect(KeyRouter.command(for: .character("r"), in: state) == .products(.retryTapped))
    #expect(KeyRouter.footerHints(for: state).contains(Hint(keys: "r", text: "reload")))
  }

  @Test func theCartSheetIsModal() async throws {
    let state = await Scenario.cartWithItems.state(at: size)
    #expect(KeyRouter.command(for: .escape, in: state) == .cart(.closeTapped))
    #expect(KeyRouter.command(for: .character("q"), in: state) == .cart(.closeTapped), "q closes the sheet first")
    #expect(KeyRouter.command(for: .character("p"), in: state) == .cart(.payTapped))
    #expect(KeyRouter.command(for: .tab, in: state) == nil, "the tabs do not hear keys under a sheet")
    let focused = try #require(state.productList.cart?.focus)
    guard case let .item(id) = focused else {
      Issue.record("expected a focused line")
      return
    }
    // `+` and `-` are the focused line's (they were nobody's), never the list's stepper under it.
    #expect(KeyRouter.command(for: .character("+"), in: state) == .cartItem(id, .plusTapped))
    #expect(KeyRouter.command(for: .character("-"), in: state) == .cartItem(id, .minusTapped))
    #expect(KeyRouter.command(for: .character("d"), in: state) == .cartItem(id, .deleteTapped))
    #expect(KeyRouter.command(for: .delete, in: state) == .cartItem(id, .deleteTapped))
  }

  @Test func anEmptyCartCannotPay() async {
    let state = await Scenario.cartEmpty.state(at: size)
    #expect(KeyRouter.command(for: .character("p"), in: state) == nil)
    #expect(KeyRouter.command(for: .enter, in: state) == nil)
    #expect(!KeyRouter.footerHints(for: state).contains { $0.text == "pay" })
    #expect(!KeyRouter.footerHints(for: state).contains { $0.text == "move" }, "nothing to move between")
  }

  @Test func whileSendingOnlyQuittingWorks() async {
    let state = await Scenario.cartSending.state(at: size)
    for key: Key in [.escape, .character("q"), .character("p"), .enter, .character("d"), .tab, .down] {
      #expect(KeyRouter.command(for: key, in: state) == nil, "\(key)")
    }
    #expect(KeyRouter.command(for: .control("c"), in: state) == .quit)
    #expect(KeyRouter.footerHints(for: state).first == Hint(keys: "Ctrl-C", text: "quit", isEssential: true))
    #expect(!KeyRouter.footerHints(for: state).contains { $0.keys.hasPrefix("Esc") })
    // Help lists each binding once.
    let listed = KeyRouter.layers(for: state).flatMap(\.bindings).filter { $0.keys.contains(.control("c")) }
    #expect(listed.count == 1)
  }

  /// `?` is a character like any other in checkout's address fields (an address may hold one);
  /// help is a key away once no field has the focus. (It once always opened help.)
  @Test func aQuestionMarkIsTypedIntoAnAddressField() async {
    let form = await Scenario.checkoutAddressProblems.state(at: size)
    #expect(KeyRouter.command(for: .character("?"), in: form) == .checkout(.form(.key(.character("?")))))
    let list = await Scenario.productsTop.state(at: size)
    #expect(KeyRouter.command(for: .character("?"), in: list) == .app(.helpToggled))
  }

  @Test func alertKeys() async {
    let confirm = await Scenario.confirmPayFocused.state(at: size)
    #expect(KeyRouter.command(for: .enter, in: confirm) == .cart(.alert(.presented(.confirmPurchase))))
    #expect(KeyRouter.command(for: .escape, in: confirm) == .cart(.alertEscaped), "the cart decides what Esc presses")
    #expect(KeyRouter.command(for: .right, in: confirm) == .cart(.alertFocusMoved(by: 1)))
    #expect(KeyRouter.command(for: .tab, in: confirm) == .cart(.alertFocusMoved(by: 1)))
    #expect(KeyRouter.command(for: .character("p"), in: confirm) == nil, "the sheet under the dialog does not hear keys")

    let cancelFocused = await Scenario.confirmCancelFocused.state(at: size)
    #expect(KeyRouter.command(for: .enter, in: cancelFocused) == .cart(.alert(.dismiss)))

    let success = await Scenario.orderSucceeded.state(at: size)
    #expect(KeyRouter.command(for: .enter, in: success) == .cart(.alert(.presented(.orderCompletedAcknowledged))))
    #expect(KeyRouter.command(for: .escape, in: success) == .cart(.alertEscaped))
    #expect(KeyRouter.layers(for: success).contains { $0.bindings.contains { $0.summary == "press Done" && $0.keys.contains(.escape) } })

    // The failure alert has one button, Done, which only closes it.
    let failed = await Scenario.orderFailed.state(at: size)
    #expect(failed.productList.cart?.alert?.title == TextState("Oops!"))
    #expect(KeyRouter.command(for: .enter, in: failed) == .cart(.alert(.dismiss)))
    #expect(KeyRouter.command(for: .escape, in: failed) == .cart(.alertEscaped))
    #expect(KeyRouter.command(for: .character("p"), in: failed) == nil, "the cart under the alert does not hear keys")
  }

  @Test func helpIsModalAndClosesWithItsKeys() async {
    let state = await Scenario.help.state(at: size)
    #expect(KeyRouter.command(for: .escape, in: state) == .app(.helpToggled))
    #expect(KeyRouter.command(for: .character("?"), in: state) == .app(.helpToggled))
    #expect(KeyRouter.command(for: .character("q"), in: state) == .app(.helpToggled))
    let limit = ShopHelp.scrollLimit(for: state, layout: AppLayout(size: size))
    #expect(limit > 0, "help does not fit 80×24")
    #expect(KeyRouter.command(for: .down, in: state) == .app(.helpScrolled(by: 1, limit: limit)), "help's own, not the list's under it")
  }

  /// A move carries the rows its list shows on the screen the key was pressed on, worked out
  /// from the layout the screens draw with: no feature is told the size after a frame.
  @Test func movesCarryTheRowsOfTheScreenTheyArePressedOn() async throws {
    let short = Size(width: 80, height: 14)
    let tall = Size(width: 120, height: 50)
    let products = await Scenario.productsTop.state(at: short)
    #expect(KeyRouter.command(for: .pageDown, in: products, size: short) == .products(.selectionMoved(.pageDown, visibleRows: 9)))
    #expect(KeyRouter.command(for: .pageDown, in: products, size: tall) == .products(.selectionMoved(.pageDown, visibleRows: 45)))
    let picker = try #require(await Scenario.categoryPicker.state(at: short).productList.browsing.picker)
    let pickerState = await Scenario.categoryPicker.state(at: short)
    let pickerRows = PickerView.visibleRows(for: picker, in: AppLayout(size: short).screen.body)
    #expect(KeyRouter.command(for: .down, in: pickerState, size: short) == .picker(.highlightMoved(.down, visibleRows: pickerRows)))
    let cart = await Scenario.cartWithItems.state(at: short)
    #expect(KeyRouter.command(for: .up, in: cart, size: short) == .cart(.focusMoved(.up, visibleRows: CartSheet.visibleRows(in: AppLayout(size: short).screen))))
    let profile = await Scenario.profileLoaded.state(at: tall)
    let orderRows = ProfileScreen.visibleOrderRows(of: profile.profile, in: AppLayout(size: tall).screen)
    #expect(orderRows > 0)
    #expect(KeyRouter.command(for: .down, in: profile, size: tall) == .profile(.orderSelectionMoved(.down, visibleRows: orderRows)))
    let small = Size(width: 40, height: 12)
    let details = await Scenario.details.state(at: small)
    let limit = DetailsSheet.scrollLimit(for: details.productList, layout: AppLayout(size: small).screen)
    #expect(limit > 0, "the description does not fit 40×12")
    #expect(KeyRouter.command(for: .down, in: details, size: small) == .details(.scrolled(by: 1, limit: limit)))
    #expect(KeyRouter.command(for: .down, in: details, size: tall) == nil, "it fits 120×50: the arrows do not scroll")
  }

  /// Help and quit are the last hints to go when the footer is short of room: narrow screens,
  /// or a notice adding its own hint.
  @Test(arguments: [(Scenario.productsTop, Size(width: 40, height: 12)), (.productsWithNotice, Size(width: 60, height: 24)), (.productsWithEarlierCart, Size(width: 80, height: 24))])
  func helpAndQuitStayInTheFooter(scenario: Scenario, size: Size) async {
    let canvas = AppScreen.render(await scenario.state(at: size), size: size)
    let footer = canvas.textRows[size.height - 1]
    #expect(footer.contains("? help") && footer.contains("q quit"), "\(footer)")
  }

  /// Every hint the footer shows does what it says: each key of the binding it comes from gives
  /// that binding's command, not one of a map above it that binds the same key first (a hint
  /// whose key another map takes would promise what the key does not do).
  @Test(arguments: Scenario.allCases)
  func footerHintsDoWhatTheySay(scenario: Scenario) async {
    let state = await scenario.state(at: size)
    let layers = KeyRouter.layers(for: state)
    let hints = KeyRouter.footerHints(for: state)
    #expect(!hints.isEmpty, "the footer shows something in \(scenario)")
    for hint in hints {
      let bindings = layers.flatMap(\.bindings).filter { $0.footer == hint }
      #expect(!bindings.isEmpty, "\(hint) comes from a binding")
      for binding in bindings where layers.allSatisfy({ $0.route == nil }) {
        for key in binding.keys {
          #expect(KeyRouter.command(for: key, in: state) == binding.command, "\(key) in \(scenario): the footer says \(hint)")
        }
      }
    }
  }
}
