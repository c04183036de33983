import Foundation
import StoreModels

/// Reads and checks an order (`POST /carts`) before anything is stored: the body is FakeStore's
/// cart shape, every product must be sold here, every quantity between 1 and 99, the customer
/// possible (an account, or a number of ``Customer/keyShopperNumbers``, which the routes then
/// look for among the numbers given to keys: ``KnownCustomers``).
/// What fails gets a 4xx with the reason, and nothing is stored.
///
/// An order from checkout also carries where it ships: the address must pass the same rules as
/// the shop's form, and the prices and total the shopper saw must be the store's own
/// (``OrderPricing``). A line or total that differs is a 409 that says what changed, so the shop
/// can tell the shopper; the fingerprint then includes the address and delivery.
struct OrderIntake: Sendable {
  /// The products that may be ordered now (the catalog's listed ones), with their prices.
  let sellable: @Sendable () -> [Int: Product]
  let customerIDs: Set<Int>
  let now: @Sendable () -> Date
  var shipping = ShippingRules.standard
  /// The title of a product the store had and archived, for the refusal that names it.
  var archivedTitle: @Sendable (Int) -> String? = { _ in nil }

  /// The largest quantity of one product an order may hold: a cart's.
  static var maximumQuantity: Int { CartBounds.maximumQuantity }
  /// The most lines one order may hold.
  static let maximumLines = 100
  /// How far ahead of the server's clock an order's date may be.
  static let futureSlack: TimeInterval = 86_400
  /// The earliest date an order may carry: 2000-01-01T00:00:00Z.
  static let earliestDate = Date(timeIntervalSince1970: 946_684_800)

  private struct Body: Decodable {
    var userId: Int
    var date: Date?
    var products: [OrderRequest.Line]
    var shipping: ShippingAddress?
    var delivery: DeliveryMethod?
    var total: Money?
  }

  func order(from body: Data, idempotencyKey: String?) throws(APIFailure) -> NewOrder {
    let decoded: Body
    do {
      decoded = try StoreJSON.decoder.decode(Body.self, from: body)
    } catch let error as DecodingError {
      throw APIFailure(.badRequest, "the order is not a cart: \(Self.describe(error))")
    } catch {
      throw APIFailure(.badRequest, "the order is not JSON")
    }
    if let key = idempotencyKey {
      guard !key.isEmpty, key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
        throw APIFailure(.badRequest, "Idempotency-Key must be 1 to 200 visible ASCII characters")
      }
    }
    guard Customer.mayOrder(as: decoded.userId, accounts: customerIDs) else {
      throw APIFailure(.badRequest, "no customer \(decoded.userId)")
    }
    if let date = decoded.date {
      // A shop sends the moment it orders; a day's slack for a clock that is wrong. An order dated
      // 9999 would sort before every real one for ever, and one before 2000 is no shop's.
      guard date <= now().addingTimeInterval(Self.futureSlack), date >= Self.earliestDate else {
        throw APIFailure(.badRequest, "the order's date must be between 2000-01-01 and a day from now, not \(StoreJSON.format(date))")
      }
    }
    guard !decoded.products.isEmpty else { throw APIFailure(.badRequest, "the order has no products") }
    guard decoded.products.count <= Self.maximumLines else {
      throw APIFailure(.badRequest, "an order holds at most \(Self.maximumLines) lines")
    }
    let products = sellable()
    var seen: Set<Int> = []
    for line in decoded.products {
      guard products[line.productId] != nil else {
        // A product archived since the shopper saw it: something changed, said as a 409.
        if let title = archivedTitle(line.productId) { throw APIFailure(.conflict, "\(title) is no longer sold") }
        throw APIFailure(.badRequest, "no product \(line.productId)")
      }
      guard (1...Self.maximumQuantity).contains(line.quantity) else {
        throw APIFailure(.badRequest, "quantity \(line.quantity) of product \(line.productId) is not between 1 and \(Self.maximumQuantity)")
      }
      guard seen.insert(line.productId).inserted else {
        throw APIFailure(.badRequest, "product \(line.productId) is in the order twice")
      }
    }
    var order = NewOrder(
      userId: decoded.userId, date: decoded.date ?? now(), products: decoded.products, idempotencyKey: idempotencyKey, sentDate: decoded.date
    )
    guard let address = decoded.shipping else {
      guard decoded.delivery == nil, decoded.total == nil else {
        throw APIFailure(.badRequest, "delivery and total come with a shipping address")
      }
      // Each line at the price it is placed at: an edit of the product later changes no order.
      order.products = decoded.products.map { OrderRequest.Line(productId: $0.productId, quantity: $0.quantity, price: products[$0.productId]?.price) }
      return order
    }
    let sent = OrderRequest(userId: decoded.userId, date: order.date, products: decoded.products, delivery: decoded.delivery, total: decoded.total)
    do {
      let charged = try OrderPricing.charge(sent, shipping: address, products: products, rules: shipping)
      order.products = charged.lines
      order.checkout = charged.checkout
    } catch let refusal {
      switch refusal {
      case .address: throw APIFailure(.badRequest, refusal.message)
      case .priceChanged, .totalChanged: throw APIFailure(.conflict, refusal.message)
      }
    }
    return order
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case let .keyNotFound(key, _): "missing '\(key.stringValue)'"
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
    case let .dataCorrupted(context):
      context.codingPath.isEmpty ? "not valid JSON" : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not usable"
    @unknown default: "unexpected data"
    }
  }
}
