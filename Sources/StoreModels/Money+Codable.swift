import Foundation

/// On the wire an amount is a JSON number of dollars, as FakeStore writes prices: `109.95`.
extension Money: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let money = Money(dollars: try container.decode(Decimal.self)) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an amount of dollars")
    }
    self = money
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(dollars)
  }
}
