// The kit's Getting Started counter (TerminalKit.docc/GettingStarted.md), as it is written
// there: DocsTests keeps the two the same.
import TerminalKit

@MainActor
final class Counter: TerminalProgram {
  enum Command: Hashable, Sendable { case add, quit }
  private(set) var count = 0

  func frame(size: Size, context: RenderContext) -> Frame<Command> {
    var frame = Frame<Command>(size: size, theme: context.theme)
    frame.render(Box(title: "Counter"), in: frame.bounds)
    frame.draw("Count: \(count)", at: Point(x: 2, y: 1), style: frame.theme.title)
    frame.render(Button("Add one", press: .add), in: Rect(x: 2, y: 3, width: 13, height: 1))
    return frame
  }

  func command(for input: InputEvent, size: Size) -> Command? {
    switch input {
    case .key(.character("+")): .add
    case .key(.character("q")), .key(.escape): .quit
    default: nil
    }
  }

  func perform(_ command: Command) -> ProgramStep {
    switch command {
    case .add: count += 1
    case .quit: return .quit
    }
    return .continue
  }
}
