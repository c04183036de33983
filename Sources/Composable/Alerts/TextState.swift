/// Text shown by a view, kept as plain data so that state stays `Equatable` and testable.
public struct TextState: Equatable, Hashable, Sendable {
  /// The text as written.
  public var string: String

  public init(_ string: String) {
    self.string = string
  }
}

extension TextState: ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension TextState: CustomStringConvertible {
  public var description: String { string }
}
