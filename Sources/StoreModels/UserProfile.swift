/// The signed-in customer, as the store describes them.
public struct UserProfile: Identifiable, Hashable, Sendable, Codable {
  public let id: Int
  public var email: String
  public var username: String
  public var name: Name

  public init(id: Int, email: String, username: String, name: Name) {
    self.id = id
    self.email = email
    self.username = username
    self.name = name
  }

  public struct Name: Hashable, Sendable, Codable {
    public var firstname: String
    public var lastname: String

    public init(firstname: String, lastname: String) {
      self.firstname = firstname
      self.lastname = lastname
    }
  }

  /// "John Doe": first and last name, each capitalised (the store keeps them in lower case).
  public var fullName: String {
    [name.firstname, name.lastname]
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .map(\.capitalizedFirstLetters)
      .joined(separator: " ")
  }
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
