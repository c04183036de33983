import Shop
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

  @Test func theEarlierCartNamesItsLinesOrTheirNumbers() {
    let offer = EarlierVersionCartOffer(lines: [.init(id: 1, title: "Backpack", quantity: 2), .init(id: 31, title: nil, quantity: 1)])
    #expect(offer.text == "3 items: Backpack ×2, #31 ×1")
    #expect(EarlierVersionCartOffer(lines: [.init(id: 5, title: "Mug", quantity: 1)]).text == "1 item: Mug ×1")
  }
}
