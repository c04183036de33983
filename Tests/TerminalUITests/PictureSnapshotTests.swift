import Foundation
import Shop
import SnapshotTesting
import TerminalKit
import TerminalKitTesting
import TerminalPictures
import Testing

@testable import TerminalUI

/// The screens that show product pictures, with the demo catalog's own: the detail sheet, the
/// pane beside the list on a wide screen, and the cart on a wide screen. The text references
/// show the symbols, the styled ones and the SVG the colours.
@MainActor
@Suite
struct PictureSnapshotTests {
  static let truecolor = PictureMode(symbols: .quadrants, colors: .truecolor)

  /// `scenario` at `size`, drawn once the pictures it shows have loaded.
  static func screen(_ scenario: Scenario, size: Size, mode: PictureMode = truecolor) async -> ScreenFrame {
    let state = await scenario.state(at: size)
    let loader = PictureLoader(mode: mode, storeBase: nil, fetcher: .live(cache: nil))
    let wanted = ShopPictures.wanted(in: state, layout: AppLayout(size: size, showsPictures: true), shelf: loader.shelf)
    for work in loader.load(wanted.onScreen) { await work.finished() }
    return AppScreen.render(state, size: size, pictures: loader.shelf)
  }

  @Test(arguments: [Scenario.details, .productsTop, .cartWithItems])
  func withPictures(scenario: Scenario) async {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      let frame = await Self.screen(scenario, size: size)
      assertSnapshot(of: frame.canvas, as: .screen, named: "\(scenario.rawValue).\(size.width)x\(size.height)")
    }
  }

  @Test func theDetailSheetAsAnImage() async {
    let frame = await Self.screen(.details, size: Size(width: 80, height: 24))
    assertSnapshot(of: frame.canvas, as: .svg, named: "details.80x24")
  }

  @Test(arguments: [PictureSymbols.halfBlocks, .ascii])
  func otherSymbols(symbols: PictureSymbols) async {
    let frame = await Self.screen(.details, size: Size(width: 80, height: 24), mode: PictureMode(symbols: symbols, colors: .indexed256))
    assertSnapshot(of: frame.canvas, as: .screen, named: "details.\(symbols.rawValue)")
  }

  /// What each screen shows is what was loaded for it: no picture the layout has no room for,
  /// and the one in view while it has room.
  @Test func thePicturesWantedAreThoseOnScreen() async {
    let narrow = await Scenario.productsTop.state(at: Size(width: 80, height: 24))
    let shelf = PictureShelf(mode: Self.truecolor, storeBase: nil)
    #expect(ShopPictures.wanted(in: narrow, layout: AppLayout(size: Size(width: 80, height: 24), showsPictures: true), shelf: shelf).all.isEmpty, "no pane at 80 columns")
    let wide = await Scenario.productsTop.state(at: Size(width: 120, height: 40))
    let keys = ShopPictures.wanted(in: wide, layout: AppLayout(size: Size(width: 120, height: 40), showsPictures: true), shelf: shelf)
    #expect(keys.onScreen.map(\.address) == [.demo("product-1.png")], "the selected product's")
    #expect(keys.ahead.map(\.address) == [.demo("product-2.png")], "then the next (there is none above the first)")
    #expect(ShopPictures.wanted(in: wide, layout: AppLayout(size: Size(width: 120, height: 40), showsPictures: false), shelf: shelf).all.isEmpty)
    let details = await Scenario.details.state(at: Size(width: 80, height: 24))
    let sheet = ShopPictures.wanted(in: details, layout: AppLayout(size: Size(width: 80, height: 24), showsPictures: true), shelf: shelf)
    #expect(sheet.onScreen.count == 1 && sheet.onScreen[0].area.width == 28 && sheet.ahead.isEmpty, "\(sheet)")
  }
}
