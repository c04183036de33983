import Foundation
import Shop
import StoreTestSupport
import TerminalKit
import Testing

/// An address's problems as checkout and the server state them, field by field.
struct ShippingAddressTests {
  @Test func theSamplesCanBeShippedTo() {
    #expect(ShippingAddress.sample.problems.isEmpty)
    #expect(ShippingAddress.seoul.problems.isEmpty, "Korea has no region to give")
  }

  @Test(arguments: [("US", true), ("CA", true), ("JP", true), ("AU", true), ("KR", false), ("DE", false), ("GB", false)])
  func aRegionIsAskedForWhereTheCountryHasThem(country: String, required: Bool) {
    var address = ShippingAddress.sample
    address.country = country
    address.region = ""
    #expect((address.problem(with: .region) != nil) == required, "\(country)")
  }

  @Test func theRegionIsNamedAsTheCountryNamesIt() {
    #expect(Countries.named(code: "US")?.regionName == "State")
    #expect(Countries.named(code: "CA")?.regionName == "Province")
    #expect(Countries.named(code: "JP")?.regionName == "Prefecture")
    var address = ShippingAddress.sample
    address.country = "JP"
    address.region = ""
    #expect(address.problem(with: .region) == "A prefecture is needed")
  }

  @Test func controlCharactersBidiControlsAndOverlongTextAreRefused() {
    for bad in ["Ana\u{1B}[2J", "Ana\u{7}", "Ana\u{202E}Lima", "Ana\nLima"] {
      var address = ShippingAddress.sample
      address.fullName = bad
      #expect(address.problem(with: .fullName) == "no control characters", "\(bad.debugDescription)")
    }
    var address = ShippingAddress.sample
    address.line2 = String(repeating: "가", count: 101)
    #expect(address.problem(with: .line2) == "at most 100 characters", "counted in characters, not bytes")
    address.line2 = String(repeating: "가", count: 100)
    #expect(address.problem(with: .line2) == nil)
  }

  @Test func aCountryMustBeOneOfTheList() {
    var address = ShippingAddress.sample
    address.country = "XX"
    #expect(address.problem(with: .country) == "choose a country from the list")
    #expect(Countries.all.count == 249)
    #expect(Countries.named(code: "kr")?.name == "South Korea")
  }

  @Test func anAccountsCountryIsGuessedFromItsPostalCode() {
    #expect(Countries.likely(forPostalCode: "12926-3874") == "US")
    #expect(Countries.likely(forPostalCode: "SW1Y 4JH") == "GB")
    #expect(Countries.likely(forPostalCode: "K1A 0B1") == "CA")
    #expect(Countries.likely(forPostalCode: "100-0001") == "JP")
    #expect(Countries.likely(forPostalCode: "anything") == "US")
  }

  @Test func anAddressReadsAsALabel() {
    #expect(ShippingAddress.sample.lines == ["Ana Lima", "12 Main Street", "San Francisco, CA 94103", "United States"])
    #expect(ShippingAddress.seoul.oneLine == "04524, 서울 세종대로 110, 서울특별시청 3층, 김민지, South Korea", "largest place first, as Korea writes it")
  }

  /// The shapes on the wire: an old order without a checkout reads as placed, an order's JSON
  /// keeps FakeStore's fields and adds the checkout's.
  /// A Korean (or Japanese, or Chinese) address is written from the largest place down: the
  /// postal code, then province, city and street, the rest of the street, the name.
  @Test func anAddressInKoreaReadsLargestPlaceFirst() {
    let address = ShippingAddress(
      fullName: "김민준", line1: "테헤란로 152", line2: "12층", city: "강남구", region: "서울특별시",
      postalCode: "06236", country: "KR", email: "minjun@example.com", phone: ""
    )
    #expect(address.lines == ["06236", "서울특별시 강남구 테헤란로 152", "12층", "김민준", "South Korea"])
  }

  /// The country list finds South Korea by the names people type for it, and "kor" finds it
  /// before North Korea.
  @Test func theCountryListFindsKoreaByItsNames() {
    let countries = Countries.all
    let choice = ChoiceState(options: countries.map(\.name), aliases: countries.map { Countries.aliases(of: $0.code) })
    func first(_ text: String) -> String? {
      var typed = choice
      for character in text { typed.apply(.search(.insert(String(character)))) }
      return typed.matches.first.map { countries[$0].code }
    }
    #expect(first("kor") == "KR")
    #expect(first("Republic of Korea") == "KR")
    #expect(first("대한민국") == "KR")
    #expect(first("north k") == "KP")
    #expect(first("usa") == "US")
  }

  @Test func ordersReadAndWriteTheirCheckout() throws {
    let plain = try StoreJSON.decoder.decode(
      StoredOrder.self, from: Data(#"{"id":5,"userId":1,"date":"2020-03-02T00:00:00.000Z","products":[{"productId":1,"quantity":4}],"__v":0}"#.utf8)
    )
    #expect(plain.checkout == nil && plain.status == .placed && plain.history.map(\.stage) == [.placed])
    let order = StoredOrder(
      id: 7, userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000), products: [.init(productId: 1, quantity: 2, price: Money(cents: 1_450))],
      checkout: OrderCheckout(shipping: .seoul, delivery: .express, shippingFee: Money(cents: 1_500), total: Money(cents: 4_400)),
      statusHistory: [OrderStatusChange(stage: .shipped, at: Date(timeIntervalSince1970: 1_795_003_600), carrier: "CJ", tracking: "1")]
    )
    let json = try #require(try JSONSerialization.jsonObject(with: StoreJSON.encoder.encode(order)) as? [String: Any])
    #expect(json["status"] as? String == "shipped" && json["delivery"] as? String == "express" && json["__v"] as? Int == 0)
    #expect(try StoreJSON.decoder.decode(StoredOrder.self, from: StoreJSON.encoder.encode(order)) == order)
    #expect(order.history.last?.summary == "Shipped with CJ, 1")
  }

  @Test(arguments: [
    (OrderStage.placed, OrderStage.packed, true), (.packed, .shipped, true), (.shipped, .delivered, true),
    (.placed, .cancelled, true), (.packed, .cancelled, true), (.shipped, .cancelled, false),
    (.placed, .shipped, false), (.delivered, .placed, false), (.cancelled, .packed, false), (.placed, .placed, false),
  ])
  func anOrderMovesOneStepAtATime(from: OrderStage, to: OrderStage, allowed: Bool) {
    #expect(from.canMove(to: to) == allowed)
  }
}
