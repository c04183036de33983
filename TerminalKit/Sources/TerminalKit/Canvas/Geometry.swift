/// A width and a height, in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `80x24`.
  public var description: String { "\(width)×\(height)" }

  /// Parses `80x24` (or `80×24`).
  public init?(parsing text: String) {
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "X" })
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      width > 0, height > 0
    else { return nil }
    self.init(width: width, height: height)
  }
}

/// A cell position: column `x`, row `y`, from the top left.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Its width and height.
  public var size: Size { Size(width: width, height: height) }

  public init(size: Size) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  public var origin: Point { Point(x: x, y: y) }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether `point` is one of the cells of this rectangle.
  public func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// This rectangle shrunk by `dx` columns on each side and `dy` rows top and bottom.
  public func insetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// A `width`×`height` rectangle centred in this one (clamped to fit).
  public func centered(width: Int, height: Int) -> Rect {
    let width = min(width, self.width)
    let height = min(height, self.height)
    return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
  }

  /// Row `index` of this rectangle, as a one-row rectangle.
  public func row(_ index: Int) -> Rect {
    Rect(x: x, y: y + index, width: width, height: index < height ? 1 : 0)
  }

  /// The part of this rectangle inside `other`.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }
}
