import Shop

/// How the screens name what the customer browses by: sorts, categories, a picker's choices.
enum BrowsingText {
  /// How the sort picker and the header name a sort.
  static func title(of sort: ProductSort) -> String {
    switch sort {
    case .storeOrder: "Store order"
    case .priceLowToHigh: "Price: low to high"
    case .priceHighToLow: "Price: high to low"
    case .rating: "Rating"
    case .title: "Title (A–Z)"
    }
  }

  /// A category as the store spells it, with a capital: "men's clothing" as "Men's clothing".
  static func title(ofCategory category: String) -> String {
    category.prefix(1).uppercased() + category.dropFirst()
  }

  /// "Category: Kitchen", or "Category: none": the same words in the details and the side pane.
  static func categoryLine(of product: Product) -> String {
    "Category: " + (product.category.isEmpty ? "none" : title(ofCategory: product.category))
  }

  /// "★★★★☆ 3.9 (120 ratings)": a product's rating, the same wherever it is shown; "No ratings
  /// yet" for a product no one has rated (not five empty stars and 0.0, which read as a bad one).
  static func rating(of product: Product) -> String {
    let count = product.rating.count
    guard count > 0 else { return "No ratings yet" }
    return "\(DetailsSheet.stars(product.rating.rate)) \(ProductsScreen.oneDecimal(product.rating.rate)) (\(count) \(count == 1 ? "rating" : "ratings"))"
  }

  /// One of a picker's choices: "All" for every category.
  static func title(of choice: BrowsingChoice) -> String {
    switch choice {
    case .category(nil): "All"
    case let .category(category?): title(ofCategory: category)
    case let .sort(sort): title(of: sort)
    }
  }

  /// A picker's title, from what it offers.
  static func title(of picker: PickerFeature.State) -> String {
    if case .sort? = picker.options.first { "Sort by" } else { "Category" }
  }
}
