/// A customer as the store keeps them: FakeStore's user record, password included. The API
/// server serves these; the terminal store reads the part it shows (``UserProfile``).
public struct Customer: Identifiable, Hashable, Sendable, Codable {
  public var id: Int
  public var email: String
  public var username: String
  public var password: String
  public var name: UserProfile.Name
  public var address: Address?
  public var phone: String?

  public init(
    id: Int, email: String, username: String, password: String, name: UserProfile.Name,
    address: Address? = nil, phone: String? = nil
  ) {
    self.id = id
    self.email = email
    self.username = username
    self.password = password
    self.name = name
    self.address = address
    self.phone = phone
  }

  public struct Address: Hashable, Sendable, Codable {
    public var city: String
    public var street: String
    public var number: Int
    public var zipcode: String
    public var geolocation: Geolocation?

    public init(city: String, street: String, number: Int, zipcode: String, geolocation: Geolocation? = nil) {
      self.city = city
      self.street = street
      self.number = number
      self.zipcode = zipcode
      self.geolocation = geolocation
    }

    public struct Geolocation: Hashable, Sendable, Codable {
      /// FakeStore writes coordinates as text: `"-37.3159"`.
      public var lat: String
      public var long: String
    }
  }
}

extension Customer {
  /// The customer numbers of shoppers known only by their SSH key (`onlinestore serve` gives
  /// them out, from the first of these up). No catalog customer holds one, so a store's own
  /// server takes orders under these numbers without an account record, as it must: the
  /// front door has no account to create, only a key.
  public static let keyShopperNumbers: PartialRangeFrom<Int> = 1_001...

  /// Whether orders may be placed and listed under `number` in a store whose accounts are
  /// `accounts`: an account's number, or a key shopper's.
  public static func mayOrder(as number: Int, accounts: Set<Int>) -> Bool {
    accounts.contains(number) || keyShopperNumbers.contains(number)
  }
}
