import Shop
import TerminalKit
import Testing

@testable import TerminalUI

/// Every screen says where its focus is, and the terminal's cursor is put there after the frame
/// (``Canvas/focus``): the selected row, the focused button or field, a sheet's title, help's
/// first line. Over every state the snapshot suites visit, at two sizes.
@MainActor
struct ScreenFocusTests {
  static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

  /// What the row the cursor is on says, from the cursor on, in each scenario.
  static func expected(in scenario: Scenario, state: AppFeature.State) -> String {
    switch scenario {
    case .productsLoading: "Loading products"
    case .profileLoading: "Loading profile"
    case .productsError, .profileError: "[ Retry ]"
    case .help: "Selected product"
    case .cartSending: "Sending your order"
    case .cartEmpty, .cartRestoring: "Cart"
    case .details: "Details"
    case .searchNoMatches: "Products"
    case .confirmPayFocused, .confirmCancelFocused, .orderSucceeded, .orderFailed, .orderNotConfirmed, .checkoutPriceChanged:
      "[ "
    case .categoryPicker, .sortPicker:
      state.productList.browsing.picker.map { BrowsingText.title(of: $0.options[$0.highlighted]) } ?? "?"
    case .profileLoaded:
      state.profile.selectedOrderID.map { "#\($0)" } ?? "Profile"
    case .profileOrderOpen, .profileOrderShipped:
      "Order"
    case .cartWithItems, .cartWithUnavailable:
      state.productList.cart?.focusedItemTitle ?? "Pay"
    case .checkoutAddressKorean: "[ Continue to delivery ]"
    case .checkoutReview: "[ Place order"
    case .checkoutDelivery: "(•)"
    case .checkoutAddressBook: "Ana Lima, 12 Main"
    case .searchTyping, .checkoutAddressProblems:
      ""
    default:
      state.productList.selectedRow?.product.title ?? "?"
    }
  }

  @Test(arguments: Scenario.allCases)
  func theCursorRestsAtTheFocus(scenario: Scenario) async throws {
    for size in Self.sizes {
      let state = await scenario.state(at: size)
      let frame = AppScreen.render(state, size: size)
      let focus = try #require(frame.focus, "\(scenario) at \(size) has no focus:\n\(frame.textRows.joined(separator: "\n"))")
      let row = frame.textRows[focus.y]
      let fromFocus = String(row.dropFirst(focus.x))
      // A row's marker (▸, ›, ● or blank) and a spinner's dot come before what the row says; a
      // title may be cut short.
      let said = String(fromFocus.drop { $0 == " " || $0 == "▸" || $0 == "›" || $0 == "●" || ("\u{2800}"..."\u{28FF}").contains($0) })
      let expected = String(Self.expected(in: scenario, state: state).prefix(12))
      if expected.isEmpty { #expect(frame.focusIsInput, "\(scenario) at \(size): the cursor is at the point of input") }
      #expect(said.hasPrefix(expected), "\(scenario) at \(size): the cursor is at “\(fromFocus)”, not “\(expected)…”")
    }
  }

  /// Too small to draw the shop: the cursor is on what it says.
  @Test func aScreenTooSmallHasItsMessageAsTheFocus() async throws {
    let size = Size(width: 30, height: 8)
    let frame = AppScreen.render(await Scenario.productsTop.state(at: size), size: size)
    let focus = try #require(frame.focus)
    #expect(frame.textRows[focus.y].dropFirst(focus.x).hasPrefix("Terminal too small"))
  }
}

extension CartFeature.State {
  /// The title of the line the keyboard is on, if it is on a line.
  fileprivate var focusedItemTitle: String? {
    guard case let .item(id) = focus else { return nil }
    return items[id: id]?.product?.title
  }
}
