import Hummingbird

/// `?limit=N&sort=asc|desc` of FakeStore's list routes.
struct ListQuery {
  var limit: Int?
  var descending = false

  /// Whether the request asked for nothing but the whole list in id order.
  var isEmpty: Bool { limit == nil && !descending }

  /// The query of a list that comes in pages: `limit` is the page's default when not given,
  /// and no larger than its maximum when it is.
  init(_ request: Request, page limits: APILimits) throws {
    try self.init(request)
    limit = min(limit ?? limits.defaultPage, limits.maximumPage)
  }

  init(_ request: Request) throws {
    let parameters = request.uri.queryParameters
    if let text = parameters["limit"] {
      // Digits only: `Int` would also take "+5".
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let limit = Int(text), limit > 0 else { throw APIFailure(.badRequest, "limit must be a positive number, not '\(text)'") }
      self.limit = limit
    }
    switch parameters["sort"].map(String.init) {
    case nil, "asc": descending = false
    case "desc": descending = true
    case let other?: throw APIFailure(.badRequest, "sort must be asc or desc, not '\(other)'")
    }
  }

  /// `items` (in id order) sorted and cut as asked.
  func apply<Item: Identifiable>(to items: [Item]) -> [Item] where Item.ID == Int {
    let sorted = descending ? items.sorted { $0.id > $1.id } : items.sorted { $0.id < $1.id }
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }
}
