/// The signed-in customer, as the store describes them.
public struct UserProfile: Identifiable, Hashable, Sendable, Codable {
  public let id: Int
  public var email: String
  public var username: String
  public var name: Name
  /// The address FakeStore keeps with the account: checkout starts from it the first time.
  public var address: Customer.Address?
  public var phone: String?

  public init(id: Int, email: String, username: String, name: Name, address: Customer.Address? = nil, phone: String? = nil) {
    self.id = id
    self.email = email
    self.username = username
    self.name = name
    self.address = address
    self.phone = phone
  }

  /// The account's address as checkout asks for one: FakeStore's users carry a street, a number,
  /// a city and a ZIP code, but no state and no country — the country is the one whose postal
  /// codes look like theirs (the United States when none does). What the shop cannot know is
  /// left for the shopper to fill in.
  public var suggestedAddress: ShippingAddress {
    ShippingAddress(
      fullName: fullName,
      line1: address.map { "\($0.number) \($0.street.capitalizedFirstLetters)" } ?? "",
      city: address?.city.capitalizedFirstLetters ?? "",
      postalCode: address?.zipcode ?? "", country: Countries.likely(forPostalCode: address?.zipcode ?? ""), email: email,
      phone: phone.map { String($0.filter { $0.isNumber || " +-()".contains($0) }.prefix(AddressRules.maximumLength)) } ?? ""
    )
  }

  public struct Name: Hashable, Sendable, Codable {
    public var firstname: String
    public var lastname: String

    public init(firstname: String, lastname: String) {
      self.firstname = firstname
      self.lastname = lastname
    }

    /// "John Doe": first and last name, each capitalised (the store keeps them in lower case).
    public var fullName: String {
      [firstname, lastname]
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .map(\.capitalizedFirstLetters)
        .joined(separator: " ")
    }
  }

  /// "John Doe": first and last name, each capitalised (the store keeps them in lower case).
  public var fullName: String { name.fullName }
}

extension String {
  /// Each word with its first letter in upper case and the rest untouched ("mcdonald" →
  /// "Mcdonald", "o'neil" → "O'neil"): enough for names, without locale surprises.
  public var capitalizedFirstLetters: String {
    split(separator: " ", omittingEmptySubsequences: true)
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }
}
