import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The store's checkout routes beside FakeStore's orders:
///
/// - `GET /shop/shipping`: the store's ``ShippingRules`` (open: they are on the shop's window);
/// - `GET /shop/customers/<n>/addresses` and `PUT` of the same: customer `n`'s ``AddressBook``
///   (with the customers' routes, behind the token when there is one);
/// - `POST /shop/orders/<id>/status` (``OrderStatusRequest``): moves an order on. It changes what
///   a shopper is told about their order, so it always asks for the token: a server started
///   without one refuses it with 403.
///
/// A status change is announced on the customer's open-cart channel (``CartWatchers``), so a
/// session that waits for its cart hears it without a key.
struct CheckoutRoutes: Sendable {
  let database: any StoreDatabase
  let customers: KnownCustomers
  let shipping: ShippingRules
  let statusChanged: @Sendable (StoredOrder) async -> Void
  let now: @Sendable () -> Date

  /// The longest carrier, tracking reference or reason a status change keeps.
  static let maximumNoteLength = 100

  func addOpen<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("shop/shipping") { _, _ in
      try JSONAnswer.ok(shipping)
    }
  }

  func addCustomers<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("shop/customers/:customer/addresses") { _, context in
      try JSONAnswer.ok(try await database.addressBook(of: try await customers.number(in: context)))
    }
    router.put("shop/customers/:customer/addresses") { request, context in
      let customer = try await customers.number(in: context)
      var request = request
      let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
      let book = try Self.addressBook(from: body)
      try await database.saveAddressBook(book, of: customer)
      return try JSONAnswer.ok(book)
    }
  }

  /// `router` asks for the token, or refuses everyone when the server has none.
  func addOperator<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.post("shop/orders/:id/status") { request, context in
      try await changeStatus(request, context)
    }
  }

  private func changeStatus(_ request: Request, _ context: some RequestContext) async throws -> Response {
    let text = try context.parameters.require("id")
    guard let id = Int(text), id > 0 else { throw APIFailure(.badRequest, "'\(text.prefix(40))' is not an order number") }
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    let change = try Self.statusChange(from: body, at: now())
    do {
      let order = try await database.changeStatus(of: id, to: change)
      await statusChanged(order)
      return try JSONAnswer.ok(order)
    } catch OrderStatusRejection.noSuchOrder {
      throw APIFailure(.notFound, "no order \(id)")
    } catch let OrderStatusRejection.notAllowed(from, to) {
      throw APIFailure(.conflict, "order \(id) is \(from.rawValue) and cannot become \(to.rawValue)")
    }
  }

  /// A status change as asked, checked: a shipment names its carrier and tracking reference, a
  /// cancellation its reason, each a short line of visible text.
  static func statusChange(from body: Data, at time: Date) throws(APIFailure) -> OrderStatusChange {
    guard let asked = try? StoreJSON.decoder.decode(OrderStatusRequest.self, from: body) else {
      throw APIFailure(
        .badRequest, "a status change is {\"status\": placed|packed|shipped|delivered|cancelled, \"carrier\", \"tracking\", \"reason\"}"
      )
    }
    for (name, value) in [("carrier", asked.carrier), ("tracking", asked.tracking), ("reason", asked.reason)] {
      guard let value else { continue }
      guard !value.allSatisfy(\.isWhitespace), value.count <= maximumNoteLength, AddressRules.controlCharacters(value) == nil else {
        throw APIFailure(.badRequest, "\(name) must be 1 to \(maximumNoteLength) characters of visible text")
      }
    }
    switch asked.status {
    case .shipped where asked.carrier == nil || asked.tracking == nil:
      throw APIFailure(.badRequest, "a shipped order names its carrier and tracking reference")
    case .cancelled where asked.reason == nil:
      throw APIFailure(.badRequest, "a cancelled order says why (reason)")
    default:
      return OrderStatusChange(
        stage: asked.status, at: time, carrier: asked.status == .shipped ? asked.carrier : nil,
        tracking: asked.status == .shipped ? asked.tracking : nil, reason: asked.status == .cancelled ? asked.reason : nil
      )
    }
  }

  /// An address book as sent, every address checked as checkout checks it.
  static func addressBook(from body: Data) throws(APIFailure) -> AddressBook {
    struct Sent: Decodable { var addresses: [ShippingAddress] }
    guard let sent = try? StoreJSON.decoder.decode(Sent.self, from: body) else {
      throw APIFailure(.badRequest, "an address book is {\"addresses\": [ … ]}")
    }
    guard sent.addresses.count <= AddressBook.capacity else {
      throw APIFailure(.unprocessableContent, "an address book holds at most \(AddressBook.capacity) addresses")
    }
    for (index, address) in sent.addresses.enumerated() {
      if let (field, problem) = address.firstProblem {
        throw APIFailure(.badRequest, "addresses[\(index)].\(field.rawValue): \(problem)")
      }
    }
    return AddressBook(addresses: sent.addresses)
  }

}

/// The group of a route that only the token opens: without a token set, nobody.
struct TokenRequiredMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    JSONAnswer.error("this route is closed: the server was started without --token-file", status: .forbidden)
  }
}
