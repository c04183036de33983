/// A mouse report: a button pressed, or the wheel turned, over one cell of the screen.
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press
    case wheelUp
    case wheelDown
  }

  public var kind: Kind
  public var point: Point

  public init(_ kind: Kind, at point: Point) {
    self.kind = kind
    self.point = point
  }
}
