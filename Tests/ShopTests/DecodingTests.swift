import Foundation
import StoreTestSupport
import Testing

@testable import Shop

/// The decoders against the real FakeStore answers, and against what a broken server sends.
struct DecodingTests {
  @Test func productsFixture() throws {
    let products = try ResponseDecoding.decode(
      [Product].self, from: try Fixture.products.data, notFound: "products"
    )
    #expect(products.count == 20)
    #expect(products.map(\.id) == Array(1...20))
    // Integer prices are prices.
    #expect(products[4].price.formatted == "$695.00")
    #expect(products[0].price.formatted == "$109.95")
    // Padded titles are trimmed; typographic punctuation survives.
    #expect(products[1].title == "Mens Casual Premium Slim Fit T-Shirts")
    #expect(!products.contains { $0.title.hasSuffix(" ") })
    #expect(products[13].title.contains("–"))
    #expect(products[8].description.contains("’"))
    #expect(products[9].description.contains("”"))
    #expect(products[0].rating == Product.Rating(rate: 3.9, count: 120))
    #expect(Set(products.map(\.category)).count == 4)
  }

  @Test func userFixture() throws {
    let user = try ResponseDecoding.decode(
      UserProfile.self, from: try Fixture.user1.data, notFound: "user 1"
    )
    #expect(user.id == 1)
    #expect(user.email == "john@gmail.com")
    #expect(user.fullName == "John Doe")
  }

  @Test func categoriesFixture() throws {
    let categories = try ResponseDecoding.decode(
      [String].self, from: try Fixture.categories.data, notFound: "categories"
    )
    #expect(categories == ["electronics", "jewelery", "men's clothing", "women's clothing"])
  }

  @Test(arguments: [Fixture.carts, .cartsOfUser1])
  func cartsFixturesDecodeAsOrders(fixture: Fixture) throws {
    let carts = try ResponseDecoding.decode(
      [OrderConfirmation].self, from: try fixture.data, notFound: "carts"
    )
    #expect(!carts.isEmpty)
    #expect(carts.allSatisfy { $0.id != nil && !$0.products.isEmpty })
  }

  @Test func nullIsAnUnknownID() {
    #expect(throws: APIError.notFound("user 42")) {
      try ResponseDecoding.decode(UserProfile.self, from: Data("null".utf8), notFound: "user 42")
    }
    #expect(APIError.notFound("user 42").message == "The store has no user 42")
  }

  @Test func aWebPageIsNotData() {
    let page = Data("\n  <!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8)
    #expect(throws: APIError.notJSON) {
      try ResponseDecoding.decode([Product].self, from: page, notFound: "products")
    }
  }

  @Test func emptyAndInvalidBodiesAreMalformed() {
    #expect(throws: APIError.malformed("the answer was empty")) {
      try ResponseDecoding.decode([Product].self, from: Data("  \n".utf8), notFound: "products")
    }
    #expect(throws: APIError.malformed("not valid JSON")) {
      try ResponseDecoding.decode([Product].self, from: Data("[{\"id\": 1,".utf8), notFound: "products")
    }
  }

  @Test func aMissingFieldIsNamed() throws {
    var products = try JSONSerialization.jsonObject(with: try Fixture.products.data) as! [[String: Any]]
    products[2].removeValue(forKey: "price")
    let body = try JSONSerialization.data(withJSONObject: products)
    let error = #expect(throws: APIError.self) {
      try ResponseDecoding.decode([Product].self, from: body, notFound: "products")
    }
    #expect(error == .malformed("missing 'price' in item 3"))
  }

  @Test func aWrongTypeIsNamed() throws {
    let body = Data(#"[{"id":"one","title":"x","price":1,"description":"","category":"","image":"","rating":{"rate":1,"count":1}}]"#.utf8)
    let error = #expect(throws: APIError.self) {
      try ResponseDecoding.decode([Product].self, from: body, notFound: "products")
    }
    #expect(error?.message.contains("'id' should be a number") == true)
    #expect(error?.message.contains("item 1") == true)
  }

  @Test func aNegativePriceIsRefused() {
    let body = Data(#"[{"id":1,"title":"x","price":-5,"description":"","category":"","image":"","rating":{"rate":1,"count":1}}]"#.utf8)
    let error = #expect(throws: APIError.self) {
      try ResponseDecoding.decode([Product].self, from: body, notFound: "products")
    }
    #expect(error == .malformed("'price' is not usable in item 1"))
  }

  @Test func theOrderBodyIsTheDocumentedCartShape() throws {
    let order = OrderRequest(
      userId: 1,
      date: Date(timeIntervalSince1970: 1_795_000_000),
      items: [CartItem(product: .backpack, quantity: 2), CartItem(product: .tShirt, quantity: 1)]
    )
    let json = String(decoding: try ResponseDecoding.encoder.encode(order), as: UTF8.self)
    #expect(
      json
        == #"{"date":"2026-11-18T11:06:40Z","products":[{"productId":1,"quantity":2},{"productId":2,"quantity":1}],"userId":1}"#
    )
  }
}
