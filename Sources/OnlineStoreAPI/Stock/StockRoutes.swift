import Foundation
import Hummingbird
import StoreModels

/// `GET /shop/stock`: what is left of the products the shop sells (``StockReading``), open to
/// anyone like the catalog. With `?after=<version>` the request is held until the stock is no
/// longer at that version — at once if it already is not — or `wait` seconds pass (25 unless
/// asked, at most 30; 0 answers at once), when it gets 204. A shopper follows the stock this way
/// with one request at a time instead of asking again and again.
extension StoreRoutes {
  static let stockWait: Duration = .seconds(25)
  static let longestStockWait: Duration = .seconds(30)

  func addStock<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("shop/stock") { request, _ in
      try await stockAnswer(request)
    }
  }

  private func stockAnswer(_ request: Request) async throws -> Response {
    // `wait` is checked whether or not there is an `after` to wait on: a bad one is never let by.
    let wait = try LongPollAnswer.wait(in: request, standard: Self.stockWait, longest: Self.longestStockWait)
    // A fresh reading: without waiting requests the board does not follow other instances.
    let reading = try await stock.refresh()
    guard let after = request.uri.queryParameters["after"].map(String.init) else { return try JSONAnswer.ok(reading) }
    guard (1...32).contains(after.utf8.count), after.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
      throw APIFailure(.badRequest, "after must be the version a stock answer gave (1 to 32 visible ASCII characters)")
    }
    guard reading.version == after else { return try JSONAnswer.ok(reading) }
    switch try await stock.watchers.longPoll(on: .stock, upTo: wait, clock: clock, read: { try await stock.current() }, isNewer: { $0.version != after }) {
    case let .newer(reading): return try JSONAnswer.ok(reading)
    case .unchanged: return Response(status: .noContent)
    case .full: return LongPollAnswer.comeBack("too many clients are following the stock here; try again shortly")
    }
  }

  /// Follows the stock for the requests waiting on it (``StockBoard/follow(clock:)``) until the
  /// task is cancelled.
  public func followStock() async {
    await stock.follow(clock: clock)
  }
}
