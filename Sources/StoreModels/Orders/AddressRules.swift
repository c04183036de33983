import Foundation

/// What checkout asks of an address and a way to reach the shopper, as rules a form's fields are
/// checked by: each answers `nil` for a value it accepts, or what is wrong in words a person can
/// act on. Pure, so every rule is tested alone; ``ShippingAddress/problem(with:)`` puts them
/// together, for the shop's form and the server alike.
public enum AddressRules {
  /// The longest value any address or contact field keeps.
  public static let maximumLength = 100

  /// A field that must be filled in.
  public static func required(_ value: String, _ name: String) -> String? {
    value.allSatisfy(\.isWhitespace) ? "\(name) is needed" : tooLong(value)
  }

  /// Any field: no control characters or escapes (the shop's fields never let one in; the
  /// server refuses them from anyone else).
  public static func controlCharacters(_ value: String) -> String? {
    value.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0.properties.isBidiControl }
      ? "no control characters" : nil
  }

  /// Any field: at most ``maximumLength`` characters, none of them a stack of more than
  /// ``VisibleText/maximumScalarsPerCharacter`` code points (one "character" once carried 3,001
  /// combining marks, and counted as one).
  public static func tooLong(_ value: String) -> String? {
    if value.count > maximumLength { return "at most \(maximumLength) characters" }
    return VisibleText.stackedMarks(value)
  }

  /// One `@`, something before it, and a domain with a dot that neither starts nor ends it.
  public static func email(_ value: String) -> String? {
    let parts = value.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else {
      return "an email address has one @: ana@example.com"
    }
    let domain = parts[1]
    guard domain.contains("."), domain.first != ".", domain.last != "." else {
      return "the part after @ needs a dot: example.com"
    }
    return tooLong(value)
  }

  /// Optional; digits, spaces, `+`, `-` and brackets, with at least five digits.
  public static func phone(_ value: String) -> String? {
    guard !value.isEmpty else { return nil }
    guard value.allSatisfy({ $0.isASCII && ($0.isNumber || " +-()".contains($0)) }) else {
      return "digits, spaces, +, - and brackets only"
    }
    guard value.filter(\.isNumber).count >= 5 else { return "a phone number has at least five digits" }
    return tooLong(value)
  }

  /// A postal code as the country (ISO 3166 alpha-2) writes it; other countries: 2–10 letters,
  /// digits, spaces and hyphens.
  public static func postalCode(_ value: String, country: String) -> String? {
    let code = value.trimmingCharacters(in: .whitespaces).uppercased()
    let rule = PostalCodeShape.rule(for: country.uppercased())
    return rule.accepts(code) ? nil : rule.example
  }
}

/// The shapes of a country's postal codes: `9` a digit, `A` a letter, anything else itself.
/// Matched by hand rather than by `Regex`, which costs the API server a noticeable share of an
/// order (every order from checkout is checked).
struct PostalCodeShape {
  let shapes: [String]
  let example: String

  func accepts(_ code: String) -> Bool {
    if shapes.isEmpty {
      // Anywhere else: 2 to 10 letters, digits, spaces and hyphens.
      return (2...10).contains(code.count) && code.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == " " || $0 == "-" }
    }
    return shapes.contains { shape in
      shape.count == code.count
        && zip(shape, code).allSatisfy { expected, found in
          switch expected {
          case "9": found.isASCII && found.isNumber
          case "A": found.isASCII && found.isLetter
          default: found == expected
          }
        }
    }
  }

  static func rule(for country: String) -> PostalCodeShape {
    switch country {
    case "US": PostalCodeShape(shapes: ["99999", "99999-9999"], example: "a ZIP code is 5 digits, or 5 and 4: 94103 or 94103-1234")
    case "CA": PostalCodeShape(shapes: ["A9A 9A9", "A9A9A9"], example: "a Canadian postal code reads like K1A 0B1")
    case "GB": PostalCodeShape(shapes: britishShapes, example: "a UK postcode reads like SW1A 1AA")
    case "DE", "FR", "KR": PostalCodeShape(shapes: ["99999"], example: "a postal code here is 5 digits")
    case "JP": PostalCodeShape(shapes: ["999-9999"], example: "a Japanese postal code reads like 100-0001")
    default: PostalCodeShape(shapes: [], example: "2 to 10 letters, digits, spaces or hyphens")
    }
  }

  /// The outward code (A9, A99, AA9, AA99, A9A, AA9A), a space or none, the inward code (9AA).
  private static let britishShapes: [String] = ["A9", "A99", "AA9", "AA99", "A9A", "AA9A"].flatMap { outward in
    [outward + " 9AA", outward + "9AA"]
  }
}
