/// What the store lists: the products that could be read, and how many could not.
///
/// One product with a broken field (a negative price, a missing title) must not hide the whole
/// catalog: it is left out, counted, and the customer told.
public struct ProductListing: Hashable, Sendable {
  public var products: [Product]
  /// Products in the answer that could not be read.
  public var skippedCount: Int

  public init(products: [Product], skippedCount: Int = 0) {
    self.products = products
    self.skippedCount = skippedCount
  }
}

/// An element of a JSON list that may not decode: `nil` then, instead of failing the list.
struct Lenient<Value: Decodable>: Decodable {
  let value: Value?

  init(from decoder: any Decoder) throws {
    value = try? Value(from: decoder)
  }
}
