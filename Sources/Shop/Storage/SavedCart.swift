/// What the app keeps of a cart between runs: how many of each product, by product id.
///
/// Stored as `{"version":1,"quantities":{"3":2,"7":1}}`. Prices and titles are not kept: they
/// come fresh from the store, which may have changed them.
public struct SavedCart: Hashable, Sendable, Codable {
  public var version = 1
  public var quantities: [Int: Int]

  public init(quantities: [Int: Int] = [:]) {
    self.quantities = quantities
  }

  public static let empty = SavedCart()
}
