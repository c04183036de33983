import TerminalKit
import Testing

/// `Layout`: parts by constraint, at sizes that do not divide evenly, too small, and absurd.
struct LayoutTests {
  private func lengths(_ constraints: [Constraint], _ total: Int, spacing: Int = 0) -> [Int] {
    Layout(.horizontal, constraints, spacing: spacing).split(Rect(x: 0, y: 0, width: total, height: 1)).map(\.width)
  }

  @Test func fillsShareWhatIsLeftByWeightAndOddCellsGoToTheEarlierParts() {
    #expect(lengths([.fill(1), .fill(1), .fill(1)], 10) == [4, 3, 3])
    #expect(lengths([.fill(1), .fill(1), .fill(1)], 11) == [4, 4, 3])
    #expect(lengths([.fill(2), .fill(1)], 10) == [7, 3], "two thirds of 10 is 6.67: the larger remainder gets the odd cell")
    #expect(lengths([.length(3), .fill(1), .length(2)], 20) == [3, 15, 2])
    #expect(lengths([.fill(0), .fill(1)], 9) == [0, 9], "a weight of 0 takes nothing")
  }

  @Test func percentagesAndRatiosRoundDownAndLeaveTheRestToFills() {
    #expect(lengths([.percentage(50), .percentage(50)], 9) == [4, 4], "nothing fills the odd cell")
    #expect(lengths([.percentage(33), .fill(1)], 10) == [3, 7])
    #expect(lengths([.ratio(1, 3), .ratio(2, 3)], 10) == [3, 6])
    #expect(lengths([.ratio(1, 0), .percentage(-5), .percentage(250)], 10) == [0, 0, 10], "absurd asks are bounded")
  }

  @Test func minimumsGrowAndMaximumsStopAtTheirCaps() {
    #expect(lengths([.min(5), .fill(1)], 20) == [13, 7], "5 first, then the 15 left shared evenly")
    #expect(lengths([.max(4), .fill(1)], 20) == [4, 16], "the cap's share goes to the other")
    #expect(lengths([.max(4), .max(6)], 20) == [4, 6], "nothing else grows: the rest stays empty")
    #expect(lengths([.max(3), .fill(1), .fill(1)], 11) == [3, 4, 4])
    #expect(lengths([.max(0), .fill(1)], 5) == [0, 5])
  }

  @Test func anAreaTooSmallIsGivenFirstPartFirstAndNothingIsNegative() {
    #expect(lengths([.length(1), .fill(1), .length(1)], 1) == [1, 0, 0])
    #expect(lengths([.length(5), .length(5)], 7) == [5, 2])
    #expect(lengths([.length(3), .length(3)], 0) == [0, 0])
    #expect(lengths([.length(3), .fill(1)], -4) == [0, 0])
    #expect(lengths([], 10) == [])
  }

  @Test func spacingSitsBetweenPartsAndMarginsAroundThem() {
    let parts = Layout(.horizontal, [.fill(1), .fill(1), .fill(1)], spacing: 1).split(Rect(x: 10, y: 5, width: 11, height: 2))
    #expect(parts == [Rect(x: 10, y: 5, width: 3, height: 2), Rect(x: 14, y: 5, width: 3, height: 2), Rect(x: 18, y: 5, width: 3, height: 2)])
    let rows = Layout(.vertical, [.length(1), .fill(1), .length(1)], margin: Size(width: 1, height: 1)).split(Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(rows == [Rect(x: 1, y: 1, width: 18, height: 1), Rect(x: 1, y: 2, width: 18, height: 6), Rect(x: 1, y: 8, width: 18, height: 1)])
    #expect(lengths([.fill(1), .fill(1)], 1, spacing: 5) == [0, 0], "spacing is kept first, and never pushes a part outside")
  }

  /// At every width from 0 to 120 and for a mix of constraints: the parts stay inside the area,
  /// in order, never overlapping, and a layout with a part that grows fills the area exactly.
  @Test func atEverySizeThePartsTileTheArea() {
    let mixes: [[Constraint]] = [
      [.length(2), .fill(1), .percentage(25), .min(3), .max(7), .ratio(1, 5), .fill(3)],
      [.fill(1), .fill(1), .fill(1), .fill(1), .fill(1), .fill(1), .fill(1)],
      [.max(2), .max(5), .min(1), .length(4)],
    ]
    for constraints in mixes {
      for width in 0...120 {
        for spacing in [0, 1, 3] {
          let area = Rect(x: 7, y: 3, width: width, height: 4)
          let parts = Layout(.horizontal, constraints, spacing: spacing).split(area)
          #expect(parts.count == constraints.count)
          var edge = area.x
          for part in parts {
            #expect(part.x >= edge && part.width >= 0 && part.maxX <= area.maxX, "\(constraints) at \(width): \(parts)")
            edge = part.maxX
          }
          let used = parts.reduce(0) { $0 + $1.width }
          let gaps = min(width, spacing * (constraints.count - 1))
          if constraints.contains(where: { if case .fill = $0 { true } else if case .min = $0 { true } else { false } }) {
            #expect(used == width - gaps, "\(constraints) at \(width), spacing \(spacing): \(parts.map(\.width))")
          }
        }
      }
    }
  }
}
