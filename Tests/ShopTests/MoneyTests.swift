import Foundation
import Shop
import StoreTestSupport
import Testing

struct MoneyTests {
  @Test(arguments: [
    (69_500, "$695.00"),
    (2_230, "$22.30"),
    (24_220, "$242.20"),
    (123_450, "$1,234.50"),
    (100_000_000, "$1,000,000.00"),
    (5, "$0.05"),
    (0, "$0.00"),
    (-1_999, "-$19.99"),
  ])
  func formatsAsDollarsWithTwoDecimals(cents: Int, text: String) {
    #expect(Money(cents: cents).formatted == text)
  }

  @Test(arguments: [
    ("109.95", 10_995),
    ("22.3", 2_230),
    ("695", 69_500),
    ("0.005", 1),
    ("0.004", 0),
    ("999.99", 99_999),
  ])
  func roundsPricesToTheNearestCent(price: String, cents: Int) {
    #expect(Money(dollars: Decimal(string: price)!) == Money(cents: cents))
  }

  @Test func refusesPricesNoShopHas() {
    #expect(Money(dollars: -1) == nil)
    #expect(Money(dollars: Decimal.nan) == nil)
    #expect(Money(dollars: Decimal(string: "1e12")!) == nil)
  }

  @Test func totalsAreExact() {
    // 0.1 + 0.2 is not 0.3 in binary floating point; in cents it is.
    let items = [Money(cents: 10), Money(cents: 20)]
    #expect(items.sum { $0 } == Money(cents: 30))
    #expect(Money(cents: 2_230) * 2 + Money(cents: 10_995) * 2 == Money(cents: 26_450))
  }
}
