/// How much of an area one part of a ``Layout`` asks for, along the layout's direction.
public enum Constraint: Hashable, Sendable {
  /// Exactly this many cells, when there is room for them.
  case length(Int)
  /// At least this many cells, and a share of what is left over (weight 1).
  case min(Int)
  /// A share of what is left over (weight 1), but never more than this many cells.
  case max(Int)
  /// This percentage of the area (rounded down), spacing left out.
  case percentage(Int)
  /// This fraction of the area (rounded down), spacing left out: `.ratio(1, 3)` is a third.
  case ratio(Int, Int)
  /// A share of what is left over once every other part has what it asked for, in proportion
  /// to the weight: two `.fill(1)` halve it, `.fill(2)` beside `.fill(1)` takes two thirds.
  case fill(Int)

  /// What the part has before anything left over is shared out.
  func base(of available: Int) -> Int {
    switch self {
    case let .length(cells), let .min(cells): Swift.max(0, cells)
    case .max, .fill: 0
    case let .percentage(percent): available * Swift.min(100, Swift.max(0, percent)) / 100
    case let .ratio(numerator, denominator):
      denominator > 0 ? available * Swift.min(denominator, Swift.max(0, numerator)) / denominator : 0
    }
  }

  /// The part's weight in sharing out what is left over (0: it takes none).
  var weight: Int {
    switch self {
    case .min, .max: 1
    case let .fill(weight): Swift.max(0, weight)
    case .length, .percentage, .ratio: 0
    }
  }

  /// The most the part may grow to, if it has a cap.
  var cap: Int? {
    if case let .max(cells) = self { return Swift.max(0, cells) }
    return nil
  }
}
