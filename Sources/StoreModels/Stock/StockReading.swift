/// What is left of each product at one moment, with a version that names that reading:
/// `GET /shop/stock` answers `{"left": {"3": 4}, "version": "5f1c…"}`, and a client that already
/// has a version asks `GET /shop/stock?after=<version>` to be held until the stock changes.
///
/// The version is a digest of the levels themselves, so every API instance on one database
/// names the same stock the same way, and a client may follow any of them.
public struct StockReading: Hashable, Sendable, Codable {
  public var levels: StockLevels
  public var version: String

  public init(levels: StockLevels) {
    self.levels = levels
    self.version = Self.version(of: levels)
  }

  private enum CodingKeys: String, CodingKey { case version }

  public init(from decoder: any Decoder) throws {
    levels = try StockLevels(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(String.self, forKey: .version)
    guard (1...32).contains(version.utf8.count), version.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
      throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "a stock version is 1 to 32 visible ASCII characters")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try levels.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
  }

  /// FNV-1a (64 bits) over the levels in product order, as 16 hex digits.
  static func version(of levels: StockLevels) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: Int) {
      var bits = UInt64(bitPattern: Int64(value))
      for _ in 0..<8 {
        hash = (hash ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
        bits >>= 8
      }
    }
    for (product, left) in levels.left.sorted(by: { $0.key < $1.key }) {
      mix(product)
      mix(left)
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
