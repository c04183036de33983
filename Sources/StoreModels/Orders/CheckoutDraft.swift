/// A checkout not yet placed, kept with the cart it pays for: what was typed and how far the
/// shopper got, so that quitting, a dropped connection or `kill -9` loses none of it.
public struct CheckoutDraft: Hashable, Sendable, Codable {
  public var address: ShippingAddress
  public var delivery: DeliveryMethod
  public var step: CheckoutStep

  public init(address: ShippingAddress = ShippingAddress(), delivery: DeliveryMethod = .standard, step: CheckoutStep = .address) {
    self.address = address
    self.delivery = delivery
    self.step = step
  }

  /// Whether anything of it could be kept by a cart: every field within
  /// ``AddressRules/maximumLength`` and free of control characters. (A draft may be unfinished;
  /// it may not be hostile.)
  public var isKeepable: Bool {
    ShippingAddress.Field.allCases.allSatisfy {
      address[$0].count <= AddressRules.maximumLength && AddressRules.controlCharacters(address[$0]) == nil
    }
  }
}

/// The steps of checkout, in order.
public enum CheckoutStep: String, CaseIterable, Hashable, Sendable, Codable {
  /// Where to ship and how to reach the shopper.
  case address
  /// Standard or express.
  case delivery
  /// Everything once more, and Place order.
  case review

  public var title: String {
    switch self {
    case .address: "Shipping and contact"
    case .delivery: "Delivery"
    case .review: "Review"
    }
  }

  public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

  public var previous: CheckoutStep? { Self.allCases.first { $0.number == number - 1 } }
  public var next: CheckoutStep? { Self.allCases.first { $0.number == number + 1 } }
}
