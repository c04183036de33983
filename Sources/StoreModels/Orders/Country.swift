/// A country an order can ship to.
public struct Country: Hashable, Sendable, Identifiable {
  /// ISO 3166-1 alpha-2, upper case: `KR`.
  public var code: String
  /// The English short name: `South Korea`.
  public var name: String

  public var id: String { code }

  public init(code: String, name: String) {
    self.code = code
    self.name = name
  }

  /// Whether an address there names a state, province or prefecture: the carriers of these
  /// countries route by it, so checkout asks for it.
  public var hasRegions: Bool {
    Self.withRegions.contains(code)
  }

  /// What the country calls its regions, for the field's label.
  public var regionName: String {
    switch code {
    case "US", "AU", "BR", "MX", "IN": "State"
    case "CA", "CN": "Province"
    case "JP": "Prefecture"
    default: "Region"
    }
  }

  private static let withRegions: Set<String> = ["US", "CA", "AU", "BR", "MX", "IN", "CN", "JP"]
}
