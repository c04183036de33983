/// A choice made in one of the browsing pickers.
public enum BrowsingChoice: Hashable, Sendable {
  /// A category, or `nil` for all of them.
  case category(String?)
  case sort(ProductSort)
}

/// What browsing needs of the store's products, made once per catalog (and re-sorted once per
/// sort), not once per key typed: their folded text for search, and their ids, categories,
/// prices and ratings by position in the store's order.
///
/// It is a cache of the products and the sort, rebuilt whenever either changes. Equality compares
/// the products' ids in order — enough for a test to see one catalog replaced by another — and
/// not the folded text, prices and orders made from them (for 100,000 products that would be
/// megabytes per comparison in a test): two indexes of the same ids with other titles or prices
/// compare equal. The sort in force is compared beside it, in the state that keeps both.
public struct BrowsingIndex: Equatable, Sendable {
  public private(set) var search = SearchIndex()
  /// Positions in the store's list, in the sort's order.
  public private(set) var sortedPositions: [Int] = []
  /// The products' ids, categories, prices and ratings, by position.
  private(set) var ids: [Product.ID] = []
  private(set) var categories: [String] = []
  private(set) var prices: [Money] = []
  private(set) var rates: [Double] = []

  public init() {}

  public init(_ products: [Product], sort: ProductSort) {
    search = SearchIndex(products)
    ids = products.map(\.id)
    categories = products.map(\.category)
    prices = products.map(\.price)
    rates = products.map(\.rating.rate)
    sortedPositions = sort.order(of: self)
  }

  /// Whether the store lists no products.
  public var isEmpty: Bool { ids.isEmpty }

  /// The same index in another order.
  public func sorted(_ sort: ProductSort) -> BrowsingIndex {
    var index = self
    index.sortedPositions = sort.order(of: self)
    return index
  }

  /// The ids of the products in `category` (all, if `nil`) whose text contains every word of
  /// `query`, in the sort's order.
  func ids(matching query: String, in category: String?) -> [Product.ID] {
    var positions = sortedPositions
    if let category {
      positions = positions.filter { categories[$0] == category }
    }
    for word in query.split(whereSeparator: \.isWhitespace) {
      positions = search.positions(among: positions, containing: SearchIndex.fold(String(word)))
    }
    return positions.map { ids[$0] }
  }

  /// The categories of the products, each once, in alphabetical order; none empty.
  var productCategories: [String] {
    Set(categories).filter { !$0.isEmpty }.sorted()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ids == rhs.ids }
}
