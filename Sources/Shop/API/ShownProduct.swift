import StoreModels

/// A product as a store's server sent it, with its text cut to what a screen could ever need:
/// a server that is not this store's own (a FakeStore-compatible one, say) may send a
/// description of a megabyte, and every frame that shows it wraps what it holds. The store's
/// own server keeps the back office's limits (a title of 200 characters, a description of
/// 5,000); these are ten times the width of those and cut nothing it sends.
enum ShownProduct {
  static let maximumTitle = 2_000
  static let maximumCategory = 500
  static let maximumDescription = 50_000

  /// `product` with each text field cut, at a character, to its most, and "…" where it was cut.
  static func bounded(_ product: Product) -> Product {
    var product = product
    product.title = cut(product.title, to: maximumTitle)
    product.category = cut(product.category, to: maximumCategory)
    product.description = cut(product.description, to: maximumDescription)
    return product
  }

  static func cut(_ text: String, to most: Int) -> String {
    guard text.unicodeScalars.count > most else { return text }
    var kept = ""
    var scalars = 0
    for character in text {
      scalars += character.unicodeScalars.count
      if scalars > most - 1 { break }
      kept.append(character)
    }
    return kept + "…"
  }
}
