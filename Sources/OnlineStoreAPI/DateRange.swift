import Foundation
import Hummingbird
import StoreModels

/// `?startdate=…&enddate=…` of the orders routes: a day (`2020-03-02`, the end day included)
/// or an ISO 8601 time.
struct DateRange {
  var filter = OrderFilter()

  /// 9999-12-31T23:59:59Z, the last time a four-digit year spells.
  static let lastStoredSecond = Date(timeIntervalSince1970: 253_402_300_799)

  init(_ request: Request) throws {
    let parameters = request.uri.queryParameters
    if let text = parameters["startdate"].map(String.init) {
      guard let start = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "startdate '\(text)' is not a date") }
      filter.start = start
    }
    if let text = parameters["enddate"].map(String.init) {
      guard let end = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "enddate '\(text)' is not a date") }
      // The end is included: the whole day for a day, the second for a time. An end past the
      // last stored second (9999-12-31 included) bounds nothing: stored dates are written with
      // four-digit years, and `10000-01-01` would sort before all of them.
      let after = end.addingTimeInterval(text.count <= 10 ? 86_400 : 1)
      filter.end = after > Self.lastStoredSecond ? nil : after
    }
    if let start = filter.start, let end = filter.end, end <= start {
      throw APIFailure(.badRequest, "enddate comes before startdate")
    }
  }
}
