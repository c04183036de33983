/// Splits an area into parts side by side (`.horizontal`) or one under another (`.vertical`),
/// each sized by its ``Constraint``, with `spacing` cells between parts and `margin` cells kept
/// free around them all:
///
/// ```swift
/// let rows = Layout(.vertical, [.length(1), .fill(1), .length(1)]).split(frame.bounds)
/// // rows[0]: a title line, rows[1]: the body, rows[2]: the footer
/// ```
///
/// The rules, in order, so the result at any size can be told in advance:
/// 1. Lengths, minimums, percentages and ratios get what they ask for, first part first, while
///    room lasts; a part that finds none left gets what remains, down to nothing.
/// 2. What is left over is shared among `.fill`, `.min` and `.max` parts by weight; a `.max`
///    part stops at its cap and its share goes to the others.
/// 3. Cells that do not divide evenly go one each to the parts with the largest remainders,
///    the earlier part first on a tie — never to a part that would pass its cap.
///
/// Every part lies inside the area; parts never overlap; an area too small gives empty parts,
/// never negative ones.
public struct Layout: Hashable, Sendable {
  public enum Direction: Hashable, Sendable { case horizontal, vertical }

  public var direction: Direction
  public var constraints: [Constraint]
  /// Cells between two neighbouring parts.
  public var spacing: Int
  /// Cells kept free around the parts: `width` on the left and on the right, `height` above and
  /// below — `Size(width: 1, height: 0)` keeps one column free on each side.
  public var margin: Size

  public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0, margin: Size = Size(width: 0, height: 0)) {
    self.direction = direction
    self.constraints = constraints
    self.spacing = spacing
    self.margin = margin
  }

  /// The parts of `area`, one per constraint, in order.
  public func split(_ area: Rect) -> [Rect] {
    let inner = area.insetBy(dx: Swift.max(0, margin.width), dy: Swift.max(0, margin.height))
    let along = Swift.max(0, direction == .horizontal ? inner.width : inner.height)
    let gap = Swift.max(0, spacing)
    let gaps = Swift.min(along, gap * Swift.max(0, constraints.count - 1))
    let sizes = Self.sizes(of: constraints, in: along - gaps)
    var offset = 0
    return sizes.enumerated().map { index, size in
      let start = Swift.min(along, offset)
      let length = Swift.max(0, Swift.min(size, along - start))
      offset = start + length + (index < constraints.count - 1 ? gap : 0)
      switch direction {
      case .horizontal: return Rect(x: inner.x + start, y: inner.y, width: length, height: Swift.max(0, inner.height))
      case .vertical: return Rect(x: inner.x, y: inner.y + start, width: Swift.max(0, inner.width), height: length)
      }
    }
  }

  /// The lengths of the parts along the direction, summing to at most `available`.
  static func sizes(of constraints: [Constraint], in available: Int) -> [Int] {
    var sizes = [Int](repeating: 0, count: constraints.count)
    var room = available
    for (index, constraint) in constraints.enumerated() {
      let wanted = constraint.base(of: available)
      sizes[index] = Swift.min(wanted, room)
      room -= sizes[index]
    }
    share(&sizes, room, among: constraints)
    return sizes
  }

  /// Shares `room` among the growing parts by weight, largest remainders first, caps kept.
  private static func share(_ sizes: inout [Int], _ room: Int, among constraints: [Constraint]) {
    var room = room
    var growing = constraints.indices.filter { constraints[$0].weight > 0 && !isFull($0, sizes, constraints) }
    while room > 0, !growing.isEmpty {
      let total = growing.reduce(0) { $0 + constraints[$1].weight }
      var given = 0
      var remainders: [(index: Int, remainder: Int)] = []
      for index in growing {
        let exact = room * constraints[index].weight
        var share = exact / total
        if let cap = constraints[index].cap { share = Swift.min(share, cap - sizes[index]) }
        sizes[index] += share
        given += share
        remainders.append((index, exact % total))
      }
      room -= given
      // One cell each to the largest remainders, earlier parts first on a tie.
      for candidate in remainders.sorted(by: { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }) {
        guard room > 0 else { break }
        guard !isFull(candidate.index, sizes, constraints) else { continue }
        sizes[candidate.index] += 1
        room -= 1
      }
      let stillGrowing = growing.filter { !isFull($0, sizes, constraints) }
      if stillGrowing.count == growing.count, given == 0 { break }  // nothing more can be placed
      growing = stillGrowing
    }
  }

  private static func isFull(_ index: Int, _ sizes: [Int], _ constraints: [Constraint]) -> Bool {
    constraints[index].cap.map { sizes[index] >= $0 } ?? false
  }
}
