import Foundation

/// An amount of US dollars, kept as a whole number of cents so that totals are exact.
///
/// Prices arrive from the store as JSON numbers (`109.95`, `695`); they are rounded to the
/// nearest cent once, on the way in, and never touch binary floating point again.
public struct Money: Hashable, Comparable, Sendable {
  /// The amount in cents: `Money(cents: 24220)` is $242.20.
  public var cents: Int

  public init(cents: Int) {
    self.cents = cents
  }

  public static let zero = Money(cents: 0)

  /// The amount a JSON price denotes, or `nil` if it is not a usable price (negative, not
  /// finite, or beyond any real product's price).
  public init?(dollars: Decimal) {
    guard !dollars.isNaN, dollars >= 0, dollars <= Money.largestPrice else { return nil }
    var scaled = dollars * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &scaled, 0, .plain)
    self.init(cents: NSDecimalNumber(decimal: rounded).intValue)
  }

  /// The amount in dollars, exactly: `109.95`.
  public var dollars: Decimal {
    Decimal(cents) / 100
  }

  /// A billion dollars: anything above is a broken feed, not a price.
  static let largestPrice: Decimal = 1_000_000_000

  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
  public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
  public static func += (lhs: inout Money, rhs: Money) { lhs.cents += rhs.cents }
  public static func * (lhs: Money, rhs: Int) -> Money { Money(cents: lhs.cents * rhs) }

  /// `$1,234.50`: a dollar sign, thousands separated by commas, always two decimals.
  public var formatted: String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let dollars = String(magnitude / 100)
    let centsPart = magnitude % 100
    var grouped = ""
    for (offset, digit) in dollars.enumerated() {
      if offset > 0, (dollars.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return "\(sign)$\(grouped).\(centsPart < 10 ? "0" : "")\(centsPart)"
  }
}

extension Money: CustomStringConvertible {
  public var description: String { formatted }
}

extension Sequence {
  /// The sum of `amount` over the elements.
  public func sum(_ amount: (Element) -> Money) -> Money {
    reduce(.zero) { $0 + amount($1) }
  }
}
