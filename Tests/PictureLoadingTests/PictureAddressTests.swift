import Foundation
import Shop
import Testing

/// Where a product's `image` value points, for the embedded store and for one at `--api`.
struct PictureAddressTests {
  static let store = URL(string: "http://127.0.0.1:8080/")!

  @Test func absoluteAddressesAreFetchedWhereverTheyPoint() {
    #expect(PictureAddress.lookUp("https://fakestoreapi.com/img/81fPKd.jpg", storeBase: Self.store) == .address(.web(URL(string: "https://fakestoreapi.com/img/81fPKd.jpg")!)))
    #expect(PictureAddress.lookUp("  http://cdn.example/a.png ", storeBase: nil) == .address(.web(URL(string: "http://cdn.example/a.png")!)))
  }

  @Test func relativeNamesAreTheStoresOrTheDemosOwn() {
    #expect(PictureAddress.lookUp("/img/product-7.png", storeBase: Self.store) == .address(.web(URL(string: "http://127.0.0.1:8080/img/product-7.png")!)))
    #expect(PictureAddress.lookUp("img/a.png", storeBase: URL(string: "http://h/api/")!) == .address(.web(URL(string: "http://h/api/img/a.png")!)))
    #expect(PictureAddress.lookUp("product-7.png", storeBase: nil) == .address(.demo("product-7.png")))
    #expect(PictureAddress.lookUp("img/product-7.png", storeBase: nil) == .unusable("the demo catalog has no picture img/product-7.png"))
  }

  @Test func nothingElseIsAnAddress() {
    #expect(PictureAddress.lookUp("", storeBase: Self.store) == PictureAddress.Lookup.none)
    #expect(PictureAddress.lookUp("   ", storeBase: nil) == PictureAddress.Lookup.none)
    for image in ["file:///etc/passwd", "data:image/png;base64,AAAA", "ftp://x/y.png", "http://", "img/../../secret", "a b.png", "bild\u{1B}[2J.png", "ü.png"] {
      guard case .unusable = PictureAddress.lookUp(image, storeBase: Self.store) else {
        Issue.record("\(image) is not fetched")
        continue
      }
    }
    guard case .unusable = PictureAddress.lookUp(String(repeating: "a", count: PictureAddress.maximumLength + 1), storeBase: Self.store) else {
      Issue.record("an address over the limit is not looked at")
      return
    }
  }
}
