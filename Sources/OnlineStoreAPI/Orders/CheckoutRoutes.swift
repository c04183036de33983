import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The store's checkout routes beside FakeStore's orders:
///
/// - `GET /shop/shipping`: the store's ``ShippingRules`` (open: they are on the shop's window);
/// - `GET /shop/customers/<n>/addresses` and `PUT` of the same: customer `n`'s ``AddressBook``
///   (with the customers' routes, behind the token when there is one).
///
/// Orders are moved on in the back office (``AdminRoutes``).
struct CheckoutRoutes: Sendable {
  let database: any StoreDatabase
  let customers: KnownCustomers
  let shipping: ShippingRules

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
