import Foundation

/// How the store's JSON is written and read, by the client and the API server alike.
///
/// Dates are ISO 8601 in UTC: written as `2026-11-21T10:00:00Z`, read with or without fractional
/// seconds (FakeStore writes `2020-03-02T00:00:00.000Z`) or as a bare day (`2020-03-02`, as
/// FakeStore's own examples post them).
public enum StoreJSON {
  public static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(format(date))
    }
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  public static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = parseDate(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
      }
      return date
    }
    return decoder
  }()

  /// `2026-11-21T10:00:00Z`.
  public static func format(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon).timeZone(separator: .omitted))
  }

  /// An ISO 8601 date with a time (fractional seconds optional) or a bare day, in UTC.
  public static func parseDate(_ text: String) -> Date? {
    let withTime = Date.ISO8601FormatStyle()
    if let date = try? withTime.parse(text) { return date }
    if let date = try? withTime.time(includingFractionalSeconds: true).parse(text) { return date }
    if let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) { return date }
    return nil
  }
}
