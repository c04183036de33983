import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The store's own routes beside FakeStore's, for hosts that keep nothing of a shopper's:
///
/// - `GET /shop`: what this server offers (`{"service":"onlinestore-api","openCarts":true,…}`);
///   a client that gets a 404 is talking to a plain FakeStore server;
/// - `GET /shop/carts/<n>`: customer `n`'s open cart;
/// - `POST /shop/carts/<n>/changes`: applies a client's changes (``CartChanges``) to it;
/// - `GET /shop/carts/<n>/updates?after=<revision>[&wait=<s>]`: the cart once its revision is
///   past `after` — at once, or when a save lands here or on another instance — or 204 after
///   `wait` seconds (25 unless asked, at most 30; 0 answers at once);
/// - `POST /shop/key-customers`: an SSH key's customer number (`{"fingerprint":…,"origin":…}`).
///
/// Carts and key numbers belong to shoppers: with a token set, ``StoreRoutes`` adds these to the
/// group that asks for it, as it does orders.
struct OpenCartRoutes: Sendable {
  let storage: any OpenCartStorage
  let customers: KnownCustomers
  let intake: CartChangeIntake
  let watchers: CartWatchers
  let limits: APILimits
  let clock: ElapsedClock

  static let defaultWait: Duration = .seconds(25)
  static let longestWait: Duration = .seconds(30)

  /// `GET /shop`: open to anyone, so that a client can tell this server from FakeStore.
  func addOffer<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("shop") { _, _ in
      try JSONAnswer.ok(Offer())
    }
  }

  /// The routes of shoppers' carts and keys: `router` is the group that asks for the token.
  func addCustomers<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("shop/carts/:customer") { _, context in
      let customer = try await customers.number(in: context)
      return try JSONAnswer.ok(try await storage.openCart(of: customer))
    }
    router.post("shop/carts/:customer/changes") { request, context in
      let customer = try await customers.number(in: context)
      var request = request
      let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
      let changes = try intake.changes(from: body, customer: customer)
      do {
        let saved = try await storage.applyToOpenCart(of: customer, changes)
        watchers.changed(customer)
        return try JSONAnswer.ok(saved)
      } catch CartRejection.tooManyLines {
        throw APIFailure(.unprocessableContent, "a cart holds at most \(CartBounds.maximumLines) lines")
      }
    }
    router.get("shop/carts/:customer/updates") { request, context in
      try await updates(request, context)
    }
    router.post("shop/key-customers") { request, _ in
      try await keyCustomer(request)
    }
  }

  /// What `GET /shop` says: this server's name and what it has beside FakeStore's routes.
  /// `stock` (since 1.6): `GET /shop/stock` tells what is left, and holds a request that gives
  /// `after=<version>` until that changes.
  private struct Offer: Encodable {
    var service = "onlinestore-api"
    var openCarts = true
    var keyCustomers = true
    var stock = true
  }

  private func updates(_ request: Request, _ context: some RequestContext) async throws -> Response {
    let customer = try await customers.number(in: context)
    let parameters = request.uri.queryParameters
    guard let text = parameters["after"].map(String.init), let after = Int(text), after >= 0 else {
      throw APIFailure(.badRequest, "updates need ?after=<the revision the client has>")
    }
    let wait = try LongPollAnswer.wait(in: request, standard: Self.defaultWait, longest: Self.longestWait)
    let outcome = try await watchers.longPoll(on: customer, upTo: wait, clock: clock) {
      try await storage.openCart(of: customer)
    } isNewer: { $0.revision > after }
    switch outcome {
    case let .newer(cart): return try JSONAnswer.ok(cart)
    case .unchanged: return Response(status: .noContent)
    case .full: return LongPollAnswer.comeBack("too many clients are waiting for carts here; try again shortly")
    }
  }

  private struct KeyRequest: Decodable {
    var fingerprint: String
    var origin: String
  }

  private struct KeyAnswer: Encodable {
    var number: Int
    var isNew: Bool
  }

  private func keyCustomer(_ request: Request) async throws -> Response {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    guard let asked = try? StoreJSON.decoder.decode(KeyRequest.self, from: body) else {
      throw APIFailure(.badRequest, "ask with {\"fingerprint\": \"SHA256:…\", \"origin\": \"<the client's address>\"}")
    }
    guard Self.isFingerprint(asked.fingerprint) else { throw APIFailure(.badRequest, "the fingerprint is not SHA256:<base64>") }
    guard (1...64).contains(asked.origin.utf8.count), asked.origin.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      throw APIFailure(.badRequest, "the origin must be 1 to 64 visible ASCII characters")
    }
    let limit = limits.newKeysPerOriginPerHour
    switch try await storage.keyCustomer(fingerprint: asked.fingerprint, origin: asked.origin, now: Date(), newKeysPerHour: limit) {
    case let .known(number):
      customers.remember(number)
      return try JSONAnswer.ok(KeyAnswer(number: number, isNew: false))
    case let .registered(number):
      customers.remember(number)
      return try JSONAnswer.ok(KeyAnswer(number: number, isNew: true))
    case .tooManyNewKeys:
      var answer = JSONAnswer.error("more than \(limit) new keys from this address in the last hour", status: .tooManyRequests)
      answer.headers[.retryAfter] = "3600"
      return answer
    }
  }

  /// `SHA256:` and base64, as OpenSSH prints a key's fingerprint.
  static func isFingerprint(_ text: String) -> Bool {
    guard text.hasPrefix("SHA256:"), (8...100).contains(text.utf8.count) else { return false }
    return text.dropFirst(7).unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789+/=".unicodeScalars.contains($0)) }
  }
}
