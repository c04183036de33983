import Foundation
import StoreModels

/// Reads and checks changes to an open cart (`POST /shop/carts/<n>/changes`) before anything is
/// stored: quantities from 0 (the line removed) to ``CartBounds/maximumQuantity``, products
/// this store sells, at most ``CartBounds/maximumLines`` lines, and an order attempt that is the
/// customer's own and one ``OrderIntake`` would take, and a checkout draft with bounded, visible
/// text.
struct CartChangeIntake: Sendable {
  /// Whether the store has (or had) product `id`: a cart may keep a line of an archived one.
  let knows: @Sendable (Int) -> Bool

  func changes(from body: Data, customer: Int) throws(APIFailure) -> CartChanges {
    let changes: CartChanges
    do {
      changes = try StoreJSON.decoder.decode(CartChanges.self, from: body)
    } catch {
      throw APIFailure(.badRequest, "the changes are not {\"quantities\": {\"<product id>\": <quantity>, …}}")
    }
    guard changes.quantities.count <= CartBounds.maximumLines else {
      throw APIFailure(.badRequest, "a cart holds at most \(CartBounds.maximumLines) lines")
    }
    for (id, quantity) in changes.quantities.sorted(by: { $0.key < $1.key }) {
      guard (0...CartBounds.maximumQuantity).contains(quantity) else {
        throw APIFailure(.badRequest, "quantity \(quantity) of product \(id) is not between 0 and \(CartBounds.maximumQuantity)")
      }
      guard quantity == 0 || knows(id) else { throw APIFailure(.badRequest, "no product \(id)") }
    }
    if case let .replaced(by: attempt?) = changes.unconfirmedOrder {
      try check(attempt, customer: customer)
    }
    if case let .replaced(by: draft?) = changes.checkout, !draft.isKeepable {
      throw APIFailure(.badRequest, "a checkout draft's fields are at most \(AddressRules.maximumLength) characters of visible text")
    }
    return changes
  }

  private func check(_ attempt: OrderAttempt, customer: Int) throws(APIFailure) {
    let key = attempt.idempotencyKey
    guard !key.isEmpty, key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
      throw APIFailure(.badRequest, "an order attempt's key must be 1 to 200 visible ASCII characters")
    }
    guard attempt.order.userId == customer else {
      throw APIFailure(.badRequest, "the order attempt is for customer \(attempt.order.userId), not \(customer)")
    }
    let lines = attempt.order.products
    guard !lines.isEmpty, lines.count <= OrderIntake.maximumLines,
      lines.allSatisfy({ knows($0.productId) && (1...OrderIntake.maximumQuantity).contains($0.quantity) })
    else {
      throw APIFailure(.badRequest, "the order attempt is not an order this store would take")
    }
  }
}
