/// How a store charges an order from checkout: each line at the store's own price, shipping by
/// its ``ShippingRules``, and what the shopper saw compared with both. The API server and the
/// embedded store charge by this one function, so they cannot disagree.
public enum OrderPricing {
  /// Why an order from checkout is refused.
  public enum Refusal: Error, Hashable, Sendable {
    /// The address does not pass the checkout's rules.
    case address(ShippingAddress.Field, String)
    /// A product's price is not the one the shopper saw.
    case priceChanged(title: String, price: Money)
    /// The total is not the one the shopper agreed to.
    case totalChanged(now: Money, seen: Money)

    public var message: String {
      switch self {
      case let .address(field, problem): "shipping.\(field.rawValue): \(problem)"
      case let .priceChanged(title, price): "the price of \(title) changed to \(price.formatted)"
      case let .totalChanged(now, seen): "the total is now \(now.formatted), not \(seen.formatted)"
      }
    }
  }

  /// `order`'s lines at the store's prices and its checkout (fee and total), or why it is refused.
  /// Lines whose product `products` lacks are left to the caller, which refuses them first.
  public static func charge(
    _ order: OrderRequest, shipping address: ShippingAddress, products: [Int: Product], rules: ShippingRules
  ) throws(Refusal) -> (lines: [OrderRequest.Line], checkout: OrderCheckout) {
    if let (field, problem) = address.firstProblem { throw .address(field, problem) }
    var lines = order.products
    for index in lines.indices {
      guard let product = products[lines[index].productId] else { continue }
      if let seen = lines[index].price, seen != product.price {
        throw .priceChanged(title: product.title, price: product.price)
      }
      lines[index].price = product.price
    }
    let subtotal = lines.sum { ($0.price ?? .zero) * $0.quantity }
    let delivery = order.delivery ?? .standard
    let fee = rules.fee(for: delivery, subtotal: subtotal)
    let total = subtotal + fee
    if let seen = order.total, seen != total { throw .totalChanged(now: total, seen: seen) }
    return (lines, OrderCheckout(shipping: address, delivery: delivery, shippingFee: fee, total: total))
  }
}
