/// Where an order goes and how to reach the person it is for: what checkout asks, what an
/// order keeps, what an address book holds.
public struct ShippingAddress: Hashable, Sendable, Codable {
  public var fullName: String
  public var line1: String
  /// The second street line: optional (empty when not used).
  public var line2: String
  public var city: String
  /// State, province or prefecture: required only where ``Country/hasRegions``.
  public var region: String
  public var postalCode: String
  /// ISO 3166-1 alpha-2.
  public var country: String
  public var email: String
  /// Optional (empty when not given).
  public var phone: String

  public init(
    fullName: String = "", line1: String = "", line2: String = "", city: String = "", region: String = "",
    postalCode: String = "", country: String = "US", email: String = "", phone: String = ""
  ) {
    self.fullName = fullName
    self.line1 = line1
    self.line2 = line2
    self.city = city
    self.region = region
    self.postalCode = postalCode
    self.country = country
    self.email = email
    self.phone = phone
  }

  /// The fields of an address, in the order checkout asks for them.
  public enum Field: String, CaseIterable, Hashable, Sendable, Codable {
    case fullName, line1, line2, city, region, postalCode, country, email, phone
  }

  public subscript(field: Field) -> String {
    get {
      switch field {
      case .fullName: fullName
      case .line1: line1
      case .line2: line2
      case .city: city
      case .region: region
      case .postalCode: postalCode
      case .country: country
      case .email: email
      case .phone: phone
      }
    }
    set {
      switch field {
      case .fullName: fullName = newValue
      case .line1: line1 = newValue
      case .line2: line2 = newValue
      case .city: city = newValue
      case .region: region = newValue
      case .postalCode: postalCode = newValue
      case .country: country = newValue
      case .email: email = newValue
      case .phone: phone = newValue
      }
    }
  }

  /// What is wrong with each field that is not acceptable, in words a person can act on; empty
  /// when the address can be shipped to. The same rules on the shop's form and at the server.
  public var problems: [Field: String] {
    var found: [Field: String] = [:]
    for field in Field.allCases {
      if let problem = problem(with: field) { found[field] = problem }
    }
    return found
  }

  /// The first field, in the form's order, that is not acceptable, and why.
  public var firstProblem: (field: Field, problem: String)? {
    Field.allCases.lazy.compactMap { field in problem(with: field).map { (field, $0) } }.first
  }

  /// What is wrong with `field`, or `nil`.
  public func problem(with field: Field) -> String? {
    let value = self[field]
    if let control = AddressRules.controlCharacters(value) { return control }
    switch field {
    case .fullName: return AddressRules.required(value, "A name")
    case .line1: return AddressRules.required(value, "A street address")
    case .line2: return AddressRules.tooLong(value)
    case .city: return AddressRules.required(value, "A city")
    case .region:
      let country = Countries.named(code: country)
      return country?.hasRegions == true
        ? AddressRules.required(value, "A \(country!.regionName.lowercased())") : AddressRules.tooLong(value)
    case .postalCode:
      return AddressRules.required(value, "A postal code") ?? AddressRules.postalCode(value, country: country)
    case .country: return Countries.named(code: value) == nil ? "choose a country from the list" : nil
    case .email: return AddressRules.required(value, "An email address") ?? AddressRules.email(value)
    case .phone: return AddressRules.phone(value)
    }
  }

  /// The country's name, or the code when it is not one.
  public var countryName: String {
    Countries.named(code: country)?.name ?? country
  }

  /// Whether addresses in `country` are written from the largest place to the smallest — the
  /// region, the city, then the street — as in Korea, Japan and China.
  public static func writesLargestFirst(_ country: String) -> Bool {
    ["KR", "JP", "CN", "TW"].contains(country.uppercased())
  }

  /// The address as a label has it. Mostly: name; street lines; city, region and postal code;
  /// country. Where addresses are written from the largest place down (Korea, Japan, China): the
  /// postal code; the region, city and street on one line; the rest of the street; the name;
  /// the country.
  public var lines: [String] {
    if Self.writesLargestFirst(country) {
      let place = [region, city, line1].filter { !$0.isEmpty }.joined(separator: " ")
      return [postalCode, place, line2, fullName, countryName].filter { !$0.isEmpty }
    }
    let place = [city, [region, postalCode].filter { !$0.isEmpty }.joined(separator: " ")]
      .filter { !$0.isEmpty }.joined(separator: ", ")
    return [fullName, line1, line2, place, countryName].filter { !$0.isEmpty }
  }

  /// On one line: "Ana Kim, 12 Main St, Seoul 04524, South Korea".
  public var oneLine: String {
    lines.joined(separator: ", ")
  }
}
