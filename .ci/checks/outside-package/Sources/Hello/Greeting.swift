import TerminalKit

/// An outside package's own screen: a box with a greeting.
public struct Greeting: Widget {
  public typealias Command = Never
  public var name: String
  public init(name: String) { self.name = name }
  public func render(in area: Rect, on frame: inout Frame<Never>) {
    frame.render(Box(title: "Hello"), in: area)
    frame.draw("Hello, \(name)!", at: Point(x: area.x + 2, y: area.y + 1), style: .plain)
  }
}
