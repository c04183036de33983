import Shop

extension CartSummary {
  /// `Cart: 3 items · $242.20`, `Cart: empty`, `Cart: restoring 3 items…`,
  /// `Cart: 1 item · $9.00 · 2 unavailable`.
  public var text: String {
    switch self {
    case let .restoring(units):
      return "Cart: restoring \(Counted.items(units))…"
    case let .contents(units, total, unavailable):
      return "Cart: " + Self.parts(units > 0 ? "\(Counted.items(units)) · \(total.formatted)" : nil, unavailable: unavailable)
    }
  }

  /// For a narrow tab bar: `3 · $242.20`, `empty`, `restoring 3…`, `1 · $9.00 · 2 unavailable`.
  public var compactText: String {
    switch self {
    case let .restoring(units):
      return "restoring \(units)…"
    case let .contents(units, total, unavailable):
      return Self.parts(units > 0 ? "\(units) · \(total.formatted)" : nil, unavailable: unavailable)
    }
  }

  /// The units' part, then the unavailable lines; "empty" when there is neither.
  private static func parts(_ units: String?, unavailable: Int) -> String {
    let parts = [units, unavailable > 0 ? "\(unavailable) unavailable" : nil].compactMap { $0 }
    return parts.isEmpty ? "empty" : parts.joined(separator: " · ")
  }
}
