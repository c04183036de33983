import Shop
import TerminalKit
import Testing

@testable import TerminalUI

/// Every screen and sheet of the shop draws only inside the area it is given: drawn into an
/// area in the middle of a larger frame, nothing lands outside it, and what is inside is the
/// same screen as when the area is the whole of the content.
@MainActor
struct ScreenAreaTests {
  static let size = Size(width: 80, height: 24)
  /// The area the screens get here: the content's size, moved away from every edge.
  static let area = Rect(x: 7, y: 5, width: 80, height: 22)

  static func drawn(_ scenario: Scenario, _ draw: (AppFeature.State, Rect, inout ScreenFrame) -> Void) async -> (moved: ScreenFrame, inPlace: ScreenFrame) {
    let state = await scenario.state(at: size)
    var moved = ScreenFrame(size: Size(width: 100, height: 40))
    draw(state, area, &moved)
    var inPlace = ScreenFrame(size: size)
    draw(state, AppLayout(size: size).content, &inPlace)
    return (moved, inPlace)
  }

  static func expectDrawnOnlyInside(_ frame: ScreenFrame, _ inPlace: ScreenFrame, _ name: String) {
    for y in 0..<frame.size.height {
      for x in 0..<frame.size.width where !area.contains(Point(x: x, y: y)) {
        #expect(frame[x, y] == Canvas.Cell.blank, "\(name) drew at \(x),\(y), outside its area")
      }
    }
    let content = AppLayout(size: size).content
    for row in 0..<area.height {
      let movedRow = (0..<area.width).map { frame[area.x + $0, area.y + row] }
      let placedRow = (0..<content.width).map { inPlace[content.x + $0, content.y + row] }
      #expect(movedRow == placedRow, "\(name), row \(row): not the same screen moved")
    }
  }

  @Test(arguments: [Scenario.productsInCart, .productsError, .searchNoMatches, .productsLoading])
  func theProductsScreen(_ scenario: Scenario) async {
    let (moved, inPlace) = await Self.drawn(scenario) { state, area, frame in
      frame.render(ProductsScreen(state.productList, showsPictures: false, context: RenderContext()), in: area)
    }
    Self.expectDrawnOnlyInside(moved, inPlace, "\(scenario)")
  }

  @Test(arguments: [Scenario.profileLoaded, .profileError, .profileOrderOpen])
  func theProfileScreen(_ scenario: Scenario) async {
    let (moved, inPlace) = await Self.drawn(scenario) { state, area, frame in
      frame.render(ProfileScreen(state.profile, summary: state.orderSummary(of:), context: RenderContext()), in: area)
    }
    Self.expectDrawnOnlyInside(moved, inPlace, "\(scenario)")
  }

  @Test(arguments: [Scenario.cartWithItems, .cartEmpty, .cartWithUnavailable])
  func theCartSheet(_ scenario: Scenario) async throws {
    let (moved, inPlace) = await Self.drawn(scenario) { state, area, frame in
      guard let cart = state.productList.cart else { return }
      frame.render(CartSheet(cart, showsPictures: false, context: RenderContext()), in: area)
    }
    #expect(moved.textRows.joined().contains("Cart"))
    Self.expectDrawnOnlyInside(moved, inPlace, "\(scenario)")
  }

  @Test func theDetailsSheet() async throws {
    let (moved, inPlace) = await Self.drawn(.details) { state, area, frame in
      guard let details = state.productList.details, let row = state.productList.products[id: details.productID] else { return }
      frame.render(DetailsSheet(details, row: row, showsPictures: false), in: area)
    }
    #expect(moved.textRows.joined().contains("Details"))
    Self.expectDrawnOnlyInside(moved, inPlace, "details")
  }
}
