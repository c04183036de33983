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

  /// An ISO 8601 date with a time (fractional seconds optional; `Z` or an offset) or a bare day,
  /// in UTC. Strict: the text must be exactly one such date, and a real one — `2026-02-30`,
  /// `25:00:00` or anything after the date is refused, not rolled over or ignored.
  public static func parseDate(_ text: String) -> Date? {
    guard let parts = DateText(text) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: parts.offsetSeconds) ?? .gmt
    let components = DateComponents(
      year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second
    )
    guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
    return date.addingTimeInterval(parts.fraction)
  }
}

/// The fields of `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm|±hhmm)`, read digit by digit.
private struct DateText {
  var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
  var fraction = 0.0
  var offsetSeconds = 0

  init?(_ text: String) {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += digits
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
    if index == bytes.count { return }
    guard expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2) else { return nil }
    (self.hour, self.minute, self.second) = (hour, minute, second)
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 9 { index += 1 }
      guard index > start, let digits = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
      fraction = digits
    }
    guard index < bytes.count else { return nil }
    if expect("Z") {
      offsetSeconds = 0
    } else {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      guard expect("+") || expect("-"), let hours = number(2), hours <= 23 else { return nil }
      _ = expect(":")
      guard let minutes = number(2), minutes <= 59 else { return nil }
      offsetSeconds = sign * (hours * 3_600 + minutes * 60)
    }
    guard index == bytes.count else { return nil }
  }
}
