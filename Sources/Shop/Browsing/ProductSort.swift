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

  /// Positions in `products` in this order. Ties keep the store's order, so the list never
  /// shuffles between two equal prices.
  func order(of products: [Product], searchIndex: SearchIndex) -> [Int] {
    let positions = Array(products.indices)
    func stable(_ isBefore: (Int, Int) -> Bool?) -> [Int] {
      positions.sorted { isBefore($0, $1) ?? ($0 < $1) }
    }
    switch self {
    case .storeOrder:
      return positions
    case .priceLowToHigh:
      return stable { products[$0].price == products[$1].price ? nil : products[$0].price < products[$1].price }
    case .priceHighToLow:
      return stable { products[$0].price == products[$1].price ? nil : products[$0].price > products[$1].price }
    case .rating:
      return stable { products[$0].rating.rate == products[$1].rating.rate ? nil : products[$0].rating.rate > products[$1].rating.rate }
    case .title:
      return stable {
        let (left, right) = (searchIndex.foldedTitle(at: $0), searchIndex.foldedTitle(at: $1))
        return left == right ? nil : left.lexicographicallyPrecedes(right)
      }
    }
  }
}
