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
    public var geolocation: Geolocation

    public struct Geolocation: Hashable, Sendable, Codable {
      /// FakeStore writes coordinates as text: `"-37.3159"`.
      public var lat: String
      public var long: String
    }
  }
}
