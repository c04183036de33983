import Shop
import Testing

/// Every rule checkout will put under a field, with what it accepts and what it refuses.
struct AddressRulesTests {
  @Test(arguments: [
    ("US", "94103", true), ("US", "94103-1234", true), ("US", "9410", false), ("US", "94103-12", false),
    ("CA", "K1A 0B1", true), ("CA", "k1a0b1", true), ("CA", "K1A 0B", false),
    ("GB", "SW1A 1AA", true), ("GB", "M1 1AE", true), ("GB", "B33 8TH", true), ("GB", "CR2 6XH", true), ("GB", "SW1A", false),
    ("DE", "10115", true), ("FR", "75008", true), ("KR", "04524", true), ("KR", "0452", false),
    ("JP", "100-0001", true), ("JP", "1000001", false),
    ("NL", "1012 AB", true), ("NZ", "6011", true), ("XX", "A", false), ("XX", "ABCDEFGHIJK", false), ("XX", "12_34", false),
  ])
  func postalCodesByCountry(country: String, code: String, accepted: Bool) {
    #expect((AddressRules.postalCode(code, country: country) == nil) == accepted, "\(country) \(code)")
  }

  /// One character is one character only up to a point: a letter with 3,001 combining marks
  /// was taken as one of a field's hundred.
  @Test func aCharacterCarryingHundredsOfMarksIsRefused() {
    let stacked = "A" + String(repeating: "\u{0301}", count: 3_000)
    #expect(AddressRules.tooLong(stacked) == "no character may carry more than 16 marks")
    #expect(AddressRules.required("Ana " + stacked, "A name") == "no character may carry more than 16 marks")
    #expect(VisibleText.problem(stacked, most: 10_000) == "No character may carry more than 16 marks")
    // What people write is kept: accents, Hangul, the longest emoji.
    for text in ["Zoë Ødegård", "김민지", "한지 노트", "👩🏽‍❤️‍💋‍👨🏻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
      #expect(AddressRules.tooLong(text) == nil, "\(text)")
    }
  }

  @Test func aRefusedPostalCodeSaysWhatOneLooksLike() {
    #expect(AddressRules.postalCode("9410", country: "US") == "a ZIP code is 5 digits, or 5 and 4: 94103 or 94103-1234")
    #expect(AddressRules.postalCode("x", country: "BR") == "2 to 10 letters, digits, spaces or hyphens")
  }

  @Test(arguments: [
    ("ana@example.com", true), ("김민준@예시.한국", true), ("a.b+c@mail.co.uk", true),
    ("ana", false), ("ana@@example.com", false), ("@example.com", false), ("ana@example", false),
    ("ana@.com", false), ("ana@example.", false), ("ana @example.com", false),
  ])
  func emails(address: String, accepted: Bool) {
    #expect((AddressRules.email(address) == nil) == accepted, "\(address)")
  }

  @Test(arguments: [
    ("", true), ("+82 2-123-4567", true), ("(555) 010-9999", true), ("12 34", false), ("555-CALL-NOW", false), ("+82 2 １２３ 4567", false),
  ])
  func phones(number: String, accepted: Bool) {
    #expect((AddressRules.phone(number) == nil) == accepted, "\(number)")
  }

  @Test func requiredFieldsAndLengths() {
    #expect(AddressRules.required("   ", "Your name") == "Your name is needed")
    #expect(AddressRules.required("김민준", "Your name") == nil)
    #expect(AddressRules.required(String(repeating: "가", count: 101), "Street") == "at most 100 characters")
    #expect(AddressRules.email(String(repeating: "a", count: 95) + "@ex.com") == "at most 100 characters")
  }
}
