/// The orders the product list can be shown in.
public enum ProductSort: String, CaseIterable, Hashable, Sendable {
  /// As the store lists them.
  case storeOrder
  case priceLowToHigh
  case priceHighToLow
  /// Best rated first.
  case rating
  /// By title, A to Z, ignoring case and accents.
  case title

  /// The positions of `index`'s products in this order. Ties keep the store's order, so the
  /// list never shuffles between two equal prices.
  func order(of index: BrowsingIndex) -> [Int] {
    let positions = Array(index.ids.indices)
    let (prices, rates) = (index.prices, index.rates)
    func stable(_ isBefore: (Int, Int) -> Bool?) -> [Int] {
      positions.sorted { isBefore($0, $1) ?? ($0 < $1) }
    }
    switch self {
    case .storeOrder:
      return positions
    case .priceLowToHigh:
      return stable { prices[$0] == prices[$1] ? nil : prices[$0] < prices[$1] }
    case .priceHighToLow:
      return stable { prices[$0] == prices[$1] ? nil : prices[$0] > prices[$1] }
    case .rating:
      return stable { rates[$0] == rates[$1] ? nil : rates[$0] > rates[$1] }
    case .title:
      return stable {
        let (left, right) = (index.search.foldedTitle(at: $0), index.search.foldedTitle(at: $1))
        return left == right ? nil : left.lexicographicallyPrecedes(right)
      }
    }
  }
}
