import Foundation

/// A product of the catalog, as the store describes it.
public struct Product: Identifiable, Hashable, Sendable {
  public let id: Int
  public var title: String
  public var price: Money
  public var description: String
  public var category: String
  public var imageURL: String
  public var rating: Rating

  public init(
    id: Int,
    title: String,
    price: Money,
    description: String = "",
    category: String = "",
    imageURL: String = "",
    rating: Rating = Rating(rate: 0, count: 0)
  ) {
    self.id = id
    self.title = title
    self.price = price
    self.description = description
    self.category = category
    self.imageURL = imageURL
    self.rating = rating
  }

  /// What customers thought of it: an average out of 5 and how many rated it.
  public struct Rating: Hashable, Sendable, Codable {
    public var rate: Double
    public var count: Int

    public init(rate: Double, count: Int) {
      self.rate = rate
      self.count = count
    }
  }
}

extension Product: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, price, description, category, rating
    case imageURL = "image"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    // The live store pads some titles with spaces; they would only waste a column.
    title = try container.decode(String.self, forKey: .title)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let dollars = try container.decode(Decimal.self, forKey: .price)
    guard let price = Money(dollars: dollars) else {
      throw DecodingError.dataCorruptedError(
        forKey: .price, in: container, debugDescription: "\(dollars) is not a price"
      )
    }
    self.price = price
    description = try container.decode(String.self, forKey: .description)
    category = try container.decode(String.self, forKey: .category)
    imageURL = try container.decode(String.self, forKey: .imageURL)
    rating = try container.decode(Rating.self, forKey: .rating)
  }

  /// FakeStore's shape: the price as a JSON number of dollars (`109.95`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(price.dollars, forKey: .price)
    try container.encode(description, forKey: .description)
    try container.encode(category, forKey: .category)
    try container.encode(imageURL, forKey: .imageURL)
    try container.encode(rating, forKey: .rating)
  }
}
