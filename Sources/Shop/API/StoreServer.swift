import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The routes `onlinestore-api` has beside FakeStore's (`/shop/…`): what the server offers, the
/// open carts, and SSH keys' customer numbers. A plain FakeStore server answers `/shop` with a
/// 404, and then none of the rest is asked for.
public struct StoreServer: Sendable {
  public let baseURL: URL
  private let token: String?
  private let transport: HTTPTransport
  private let timeout: Duration
  /// The clock that paces the requests for updates (``cart(of:after:)``).
  private let pacing: Pacing

  /// How long the server is asked to hold a request for updates before it answers "nothing".
  public static let updatesWait: Duration = .seconds(25)

  /// Requests the server holds until something changes (a cart, the stock): the wait, then the
  /// usual time for the answer. libcurl blocks its own thread in `poll(2)` while it waits, over
  /// http and https alike, so a held request costs the store no CPU.
  private let waitingTransport: HTTPTransport
  /// What the server offers, asked once for every copy of this value.
  private let offered = OfferOnce()

  public init(
    baseURL: URL, token: String? = nil, timeout: Duration = .seconds(10),
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.token = token
    transport = HTTPTransport(timeout: timeout, maxResponseBytes: 256 * 1_024)
    waitingTransport = HTTPTransport(timeout: max(Self.stockWait, Self.updatesWait) + timeout, maxResponseBytes: 256 * 1_024)
    self.timeout = timeout
    pacing = Pacing(clock)
  }

  /// What the server offers beside FakeStore's routes (`GET /shop`), asked once: every later
  /// call, from any copy of this value, has the first answer. A plain FakeStore server answers
  /// 404, and offers nothing; a server that cannot be asked throws, and is asked again next time.
  public func offer() async throws(APIError) -> ServerOffer {
    try await offered.value { () async throws(APIError) -> ServerOffer in
      let body: Data
      do throws(APIError) {
        body = try await transport.body(for: request("shop"))
      } catch .httpStatus(404) {
        return ServerOffer.nothing
      }
      return (try? ResponseDecoding.decoder.decode(ServerOffer.self, from: body)) ?? .nothing
    }
  }

  /// Whether the server keeps open carts and key customers: `true` for `onlinestore-api`,
  /// `false` for a server that answers `/shop` with a 404 or with something else; a server that
  /// cannot be asked throws.
  public func keepsOpenCarts() async throws(APIError) -> Bool {
    try await offer().keepsOpenCarts
  }

  /// How long the server is asked to hold a request for the stock before it answers "no change".
  public static let stockWait: Duration = .seconds(25)

  /// What is left of each product (`GET /shop/stock`), now — or, given the `version` of the
  /// reading the store has, once the stock is no longer at it (the server holds the request up
  /// to ``stockWait``): `nil` when the wait ended without a change.
  public func stock(after version: String? = nil) async throws(APIError) -> StockReading? {
    let path = version.map { "shop/stock?after=\(Self.queryValue($0))&wait=\(Self.stockWait.components.seconds)" } ?? "shop/stock"
    let answer = try await (version == nil ? transport : waitingTransport).answer(for: request(path))
    guard answer.status != 204 else { return nil }
    return try ResponseDecoding.decode(StockReading.self, from: answer.body, notFound: "stock")
  }

  /// `text` as one value of a query: letters, digits and `-._~` as they are, the rest escaped.
  private static func queryValue(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
  }

  /// Customer `customer`'s open cart.
  public func openCart(of customer: Int) async throws(APIError) -> SavedCart {
    let body = try await transport.body(for: request("shop/carts/\(customer)"))
    return try ResponseDecoding.decode(SavedCart.self, from: body, notFound: "cart of customer \(customer)")
  }

  /// Applies `changes` to the open cart; the cart as saved.
  public func apply(_ changes: CartChanges, toCartOf customer: Int) async throws(APIError) -> SavedCart {
    let post = try request("shop/carts/\(customer)/changes", method: "POST", sending: changes, called: "The cart's changes")
    let body = try await transport.body(for: post)
    return try ResponseDecoding.decode(SavedCart.self, from: body, notFound: "cart of customer \(customer)")
  }

  /// The open cart once its revision is past `revision`, or `nil` when the server's wait ended
  /// with no save: the server holds the request until a save (``updatesWait`` at most).
  ///
  /// However the server answers, a call takes at least ``shortestUpdateWait`` unless it brings a
  /// newer cart, and ``shortestUpdateInterval`` even then: a server that answers "nothing" at once,
  /// or the same cart again, is asked at most once a second, not in a tight loop.
  public func cart(of customer: Int, after revision: Int) async throws(APIError) -> SavedCart? {
    let started = pacing.now()
    let cart = try await askForUpdate(of: customer, after: revision)
    let isNewer = cart.map { $0.revision > revision } ?? false
    let floor = isNewer ? Self.shortestUpdateInterval : Self.shortestUpdateWait
    let elapsed = pacing.now() - started
    if elapsed < floor { await pacing.sleep(floor - elapsed) }
    return isNewer ? cart : nil
  }

  /// The least time one ``cart(of:after:)`` takes when it brings nothing new.
  public static let shortestUpdateWait: Duration = .seconds(1)
  /// The least time one ``cart(of:after:)`` takes when it brings a newer cart.
  public static let shortestUpdateInterval: Duration = .milliseconds(50)

  private func askForUpdate(of customer: Int, after revision: Int) async throws(APIError) -> SavedCart? {
    let path = "shop/carts/\(customer)/updates?after=\(revision)&wait=\(Self.updatesWait.components.seconds)"
    let answer = try await waitingTransport.answer(for: request(path), acceptingAnyStatus: true)
    switch answer.status {
    case 200:
      return try ResponseDecoding.decode(SavedCart.self, from: answer.body, notFound: "cart of customer \(customer)")
    case 204:
      return nil
    default:
      throw .httpStatus(answer.status)
    }
  }

  /// What every request sends besides its path.
  private var headers: [String: String] {
    var headers = ["Accept": "application/json", "User-Agent": "onlinestore-terminal"]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    return headers
  }

  /// The customer number of the SSH key `fingerprint`, registered if it is new; `nil` when
  /// `origin` has brought too many new keys this hour (the server answered 429).
  public func keyCustomer(fingerprint: String, origin: String) async throws(APIError) -> Int? {
    struct Asked: Encodable {
      var fingerprint: String
      var origin: String
    }
    struct Answer: Decodable {
      var number: Int
    }
    var post = request("shop/key-customers")
    post.httpMethod = "POST"
    post.setValue("application/json", forHTTPHeaderField: "Content-Type")
    post.httpBody = try? ResponseDecoding.encoder.encode(Asked(fingerprint: fingerprint, origin: origin))
    do {
      let body = try await transport.body(for: post)
      return try ResponseDecoding.decode(Answer.self, from: body, notFound: "customer number").number
    } catch .httpStatus(429) {
      return nil
    }
  }

  /// Customer `customer`'s address book.
  public func addressBook(of customer: Int) async throws(APIError) -> AddressBook {
    let body = try await transport.body(for: request("shop/customers/\(customer)/addresses"))
    return try ResponseDecoding.decode(AddressBook.self, from: body, notFound: "address book of customer \(customer)")
  }

  /// Replaces customer `customer`'s address book.
  public func save(_ book: AddressBook, of customer: Int) async throws(APIError) {
    _ = try await transport.body(for: try request("shop/customers/\(customer)/addresses", method: "PUT", sending: book, called: "The address book"))
  }

  /// A `method` request for `path` carrying `value` as JSON; what cannot be encoded is said as
  /// "`name` could not be written".
  private func request(_ path: String, method: String, sending value: some Encodable, called name: String) throws(APIError) -> URLRequest {
    var request = request(path)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    do {
      request.httpBody = try ResponseDecoding.encoder.encode(value)
    } catch {
      throw .other("\(name) could not be written: \(error)")
    }
    return request
  }

  /// A request for `path` (which may carry a query) below the base URL, with the token.
  private func request(_ path: String) -> URLRequest {
    let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
    var request = URLRequest(url: URL(string: base + path)!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }
}

/// A clock reduced to what pacing needs — the time since it was made, and a wait — so that a
/// test can pace on an immediate clock and read exactly how long each call waited.
private struct Pacing: Sendable {
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async -> Void

  init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { try? await clock.sleep(for: $0) }
  }
}
