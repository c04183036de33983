import Foundation
import Hummingbird
import StoreModels

/// `?startdate=…&enddate=…` of the orders routes: a day (`2020-03-02`, the end day included)
/// or an ISO 8601 time.
struct DateRange {
  var filter = OrderFilter()

  init(_ request: Request) throws {
    let parameters = request.uri.queryParameters
    if let text = parameters["startdate"].map(String.init) {
      guard let start = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "startdate '\(text)' is not a date") }
      filter.start = start
    }
    if let text = parameters["enddate"].map(String.init) {
      guard let end = StoreJSON.parseDate(text) else { throw APIFailure(.badRequest, "enddate '\(text)' is not a date") }
      // The end is included: the whole day for a day, the second for a time.
      filter.end = end.addingTimeInterval(text.count <= 10 ? 86_400 : 1)
    }
    if let start = filter.start, let end = filter.end, end <= start {
      throw APIFailure(.badRequest, "enddate comes before startdate")
    }
  }
}
