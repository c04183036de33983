import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import StoreModels
import Synchronization

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

  private struct Offer: Encodable {
    var service = "onlinestore-api"
    var openCarts = true
    var keyCustomers = true
  }

  private func updates(_ request: Request, _ context: some RequestContext) async throws -> Response {
    let customer = try await customers.number(in: context)
    let parameters = request.uri.queryParameters
    guard let text = parameters["after"].map(String.init), let after = Int(text), after >= 0 else {
      throw APIFailure(.badRequest, "updates need ?after=<the revision the client has>")
    }
    var wait = Self.defaultWait
    if let text = parameters["wait"].map(String.init) {
      guard let seconds = Int(text), (0...Int(Self.longestWait.components.seconds)).contains(seconds) else {
        throw APIFailure(.badRequest, "wait must be 0 to \(Self.longestWait.components.seconds) seconds, not '\(text)'")
      }
      wait = .seconds(seconds)
    }
    guard var ticket = watchers.enlist(customer) else {
      var answer = JSONAnswer.error("too many clients are waiting for carts here; try again shortly", status: .serviceUnavailable)
      answer.headers[.retryAfter] = "5"
      return answer
    }
    var place: CartWatchers.Ticket? = ticket
    defer {
      if let place { watchers.release(place) }
    }
    var latest = try await storage.openCart(of: customer)
    let deadline = ContinuousClock.now + wait
    let shutdown = ShutdownHeard()
    // Until something newer is saved, the wait is up, the server shuts down or the client goes
    // away (a cancelled wait returns at once; the loop looks for itself rather than count on the
    // next database read throwing). A wake-up that brings nothing newer — a late or repeated
    // notice from another instance — does not end the wait early.
    while latest.revision <= after, deadline > .now, !shutdown.isHeard, !Task.isCancelled {
      // A server shutting down answers its waiting clients now rather than at the end of their wait.
      let waiting = ticket
      await withGracefulShutdownHandler {
        await watchers.wait(waiting, timeout: deadline - .now)
      } onGracefulShutdown: {
        shutdown.hear()
        watchers.release(waiting)
      }
      // The next place is taken before the cart is read again, so a save in between is not missed.
      place = watchers.enlist(customer)
      latest = try await storage.openCart(of: customer)
      guard let next = place else { break }
      ticket = next
    }
    return latest.revision > after ? try JSONAnswer.ok(latest) : Response(status: .noContent)
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
    guard (1...64).contains(asked.origin.utf8.count), asked.origin.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline })
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

/// Whether the server began shutting down while a request waited: it then answers at once.
private final class ShutdownHeard: Sendable {
  private let heard = Mutex(false)

  var isHeard: Bool { heard.withLock { $0 } }

  func hear() {
    heard.withLock { $0 = true }
  }
}
