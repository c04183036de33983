import Shop
import TerminalKit
import Testing

@testable import TerminalUI

/// How the product list's status line writes its notices and version 1.0's cart.
struct StatusTextTests {
  @Test func noticesSayWhatHappenedInWords() {
    #expect(ProductListNotice.productsSkipped(1).text == "1 product from the store could not be read and is not shown.")
    #expect(ProductListNotice.productsSkipped(2).text == "2 products from the store could not be read and are not shown.")
    let error = CartStorageError.unwritable(path: "/tmp/cart.json", reason: "read-only file system")
    #expect(ProductListNotice.cartStorage(error).text == error.message)
  }

  /// A refresh that failed keeps the list and says so, with what to press.
  @Test func aFailedRefreshSaysTheListIsFromBefore() {
    let text = ProductListNotice.refreshFailed(.timedOut(seconds: 10)).text
    #expect(text == "The list could not be refreshed (The store did not answer within 10 s); it shows what the store said before. r tries again.")
  }

  /// A product no one has rated says so, rather than five empty stars and 0.0.
  @Test func aProductNoOneRatedSaysSo() {
    var product = Product(id: 1, title: "New notebook", price: Money(cents: 1_000))
    product.rating = Product.Rating(rate: 0, count: 0)
    #expect(BrowsingText.rating(of: product) == "No ratings yet")
    product.rating = Product.Rating(rate: 4, count: 1)
    #expect(BrowsingText.rating(of: product).hasSuffix("4.0 (1 rating)"))
  }

  @Test func theEarlierCartNamesItsLinesOrTheirNumbers() {
    let offer = EarlierVersionCartOffer(lines: [.init(id: 1, title: "Backpack", quantity: 2), .init(id: 31, title: nil, quantity: 1)])
    #expect(offer.text == "3 items: Backpack ×2, #31 ×1")
    #expect(EarlierVersionCartOffer(lines: [.init(id: 5, title: "Mug", quantity: 1)]).text == "1 item: Mug ×1")
  }

  /// The demo store says on the profile that its orders last only while it runs (they once
  /// vanished at quit, numbers starting again at #1, unannounced); a real store's profile does
  /// not, and the list loses one row for the note, not its scrolling.
  @Test func theDemoStoresProfileSaysItsOrdersDoNotLast() async {
    let size = Size(width: 80, height: 24)
    var state = await Scenario.profileLoaded.state(at: size)
    let real = AppScreen.render(state, size: size, context: RenderContext(theme: .monochrome)).canvas.textRows
    #expect(!real.contains { $0.contains("keeps orders only while it runs") })
    let rowsBefore = ProfileScreen.visibleOrderRows(of: state.profile, in: AppLayout(size: size).screen)
    state.profile.ordersOutliveTheRun = false
    let demo = AppScreen.render(state, size: size, context: RenderContext(theme: .monochrome)).canvas.textRows
    #expect(demo.contains { $0.contains("The demo store keeps orders only while it runs: they are gone when it quits.") }, "\(demo.joined(separator: "\n"))")
    #expect(ProfileScreen.visibleOrderRows(of: state.profile, in: AppLayout(size: size).screen) == rowsBefore - 1)
  }
}
