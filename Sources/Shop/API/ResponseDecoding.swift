import Foundation

/// Turns the body of a successful answer into a model, or into an ``APIError`` that says what
/// was wrong with it.
///
/// The FakeStore API is lenient in what it sends (integer prices, padded titles, extra fields,
/// string coordinates) and all of that is accepted. What is refused: `null` (the API's answer
/// for an unknown id), web pages, and JSON missing what the models need.
enum ResponseDecoding {
  static func decode<Value: Decodable>(
    _ type: Value.Type, from body: Data, notFound: @autoclosure () -> String
  ) throws(APIError) -> Value {
    let text = body.prefix(64)
    let firstByte = text.first { !Self.whitespace.contains($0) }
    if firstByte == UInt8(ascii: "<") {
      throw .notJSON
    }
    if firstByte == nil {
      throw .malformed("the answer was empty")
    }
    if body.count < 16,
      String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        == "null"
    {
      throw .notFound(notFound())
    }
    do {
      return try decoder.decode(Value.self, from: body)
    } catch let error as DecodingError {
      throw .malformed(describe(error))
    } catch {
      throw .malformed("not valid JSON")
    }
  }

  static var decoder: JSONDecoder { StoreJSON.decoder }
  static var encoder: JSONEncoder { StoreJSON.encoder }

  private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

  /// "missing 'price' in item 3", "'id' should be a number, in item 1".
  static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      let parts = path.map { key in
        key.intValue.map { "item \($0 + 1)" } ?? "'\(key.stringValue)'"
      }
      return parts.isEmpty ? "" : " in " + parts.joined(separator: ", ")
    }
    switch error {
    case let .keyNotFound(key, context):
      return "missing '\(key.stringValue)'\(place(context.codingPath))"
    case let .typeMismatch(type, context):
      let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "the answer"
      return "\(field) should be \(describeType(type))\(place(context.codingPath.dropLast()))"
    case let .valueNotFound(type, context):
      let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "the answer"
      return "\(field) is null, expected \(describeType(type))\(place(context.codingPath.dropLast()))"
    case let .dataCorrupted(context):
      if context.codingPath.isEmpty { return "not valid JSON" }
      let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "a value"
      return "\(field) is not usable\(place(context.codingPath.dropLast()))"
    @unknown default:
      return "unexpected data"
    }
  }

  /// What a JSON value of `type` looks like, in words.
  private static func describeType(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Bool.Type: "true or false"
    case is any Numeric.Type: "a number"
    case is any Sequence.Type: "a list"
    default: "an object"
    }
  }
}
