/// How an order travels.
public enum DeliveryMethod: String, CaseIterable, Hashable, Sendable, Codable {
  case standard
  case express

  public var name: String {
    switch self {
    case .standard: "Standard"
    case .express: "Express"
    }
  }
}

/// What shipping costs: the store sets it, the server charges by it, checkout shows it.
public struct ShippingRules: Hashable, Sendable, Codable {
  public var standardFee: Money
  public var expressFee: Money
  /// Standard shipping is free when the lines come to at least this.
  public var freeStandardFrom: Money
  public var standardEstimate: String
  public var expressEstimate: String

  public init(
    standardFee: Money = Money(cents: 500), expressFee: Money = Money(cents: 1500),
    freeStandardFrom: Money = Money(cents: 10_000),
    standardEstimate: String = "3–5 business days", expressEstimate: String = "1–2 business days"
  ) {
    self.standardFee = standardFee
    self.expressFee = expressFee
    self.freeStandardFrom = freeStandardFrom
    self.standardEstimate = standardEstimate
    self.expressEstimate = expressEstimate
  }

  /// The store's rules unless it says otherwise: $5 standard, free from $100; $15 express.
  public static let standard = ShippingRules()

  /// What `method` costs for lines coming to `subtotal`.
  public func fee(for method: DeliveryMethod, subtotal: Money) -> Money {
    switch method {
    case .standard: subtotal >= freeStandardFrom ? .zero : standardFee
    case .express: expressFee
    }
  }

  /// How long `method` takes, in words.
  public func estimate(for method: DeliveryMethod) -> String {
    switch method {
    case .standard: standardEstimate
    case .express: expressEstimate
    }
  }
}
