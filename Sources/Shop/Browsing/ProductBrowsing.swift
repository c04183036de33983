/// What the customer asked to see: a search, a category, an order. Search and category narrow
/// the list; the order arranges what is left.
public struct ProductBrowsing: Hashable, Sendable {
  /// The search as typed; matched case- and accent-insensitively (see ``SearchIndex``).
  public var query = ""
  /// The category shown, or `nil` for all of them.
  public var category: String?
  public var sort: ProductSort = .storeOrder

  public init(query: String = "", category: String? = nil, sort: ProductSort = .storeOrder) {
    self.query = query
    self.category = category
    self.sort = sort
  }

  /// Whether some products may be left out.
  public var isFiltering: Bool { !query.isEmpty || category != nil }
}

/// A choice made in one of the browsing pickers.
public enum BrowsingChoice: Hashable, Sendable {
  /// A category, or `nil` for all of them.
  case category(String?)
  case sort(ProductSort)
}

/// The products' text folded for search and their order for the chosen sort: work done once
/// per catalog (and once per sort), not once per key typed.
///
/// It is a cache of `products` and `sort`, rebuilt whenever either changes, so two states with
/// the same products and sort have the same index: equality does not compare it again (for
/// 100,000 products that would be megabytes per comparison in a test).
public struct BrowsingIndex: Equatable, Sendable {
  public private(set) var search = SearchIndex()
  /// Positions in the product list, in the sort's order.
  public private(set) var sortedPositions: [Int] = []

  public init() {}

  public init(_ products: [Product], sort: ProductSort) {
    search = SearchIndex(products)
    sortedPositions = sort.order(of: products, searchIndex: search)
  }

  /// The same index in another order.
  public func sorted(_ sort: ProductSort, products: [Product]) -> BrowsingIndex {
    var index = self
    index.sortedPositions = sort.order(of: products, searchIndex: search)
    return index
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}
