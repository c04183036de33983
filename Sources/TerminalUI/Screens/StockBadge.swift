import Shop

/// What a product row says of the store's stock: "3 left" once few are left (a sold-out
/// product's stepper says "Sold out" itself, at every width). Plenty left, or no limit at all,
/// says nothing: the row is the product's, not the stock's.
enum StockBadge {
  /// At or below this many left, the row says how many.
  static let fewLeft = 10
  /// The title keeps at least this many columns beside the badge; below it the badge gives way.
  static let titleRoomNeeded = 12

  static func text(for row: ProductFeature.State) -> String? {
    guard let left = row.stockLeft, left > 0 else { return nil }
    return left <= fewLeft ? "\(left) left" : nil
  }

  /// The detail sheet says it whenever the product has a stock: "sold out", "40 left".
  static func detail(for row: ProductFeature.State) -> String? {
    row.stockLeft.map { $0 <= 0 ? "sold out" : "\($0) left" }
  }
}
