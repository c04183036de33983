import TerminalKit

/// A bar that fills with `value` out of `maximum`, the number written after it.
struct Gauge<Command: Hashable & Sendable>: Widget {
  var value: Int
  var maximum: Int

  func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    let label = " \(value)/\(maximum)"
    let barWidth = max(0, area.width - label.count)
    let filled = maximum > 0 ? barWidth * min(value, maximum) / maximum : 0
    frame.draw(String(repeating: "█", count: filled), at: area.origin, style: theme.action)
    frame.draw(String(repeating: "░", count: barWidth - filled), at: Point(x: area.x + filled, y: area.y), style: theme.secondary)
    frame.draw(label, at: Point(x: area.x + barWidth, y: area.y), style: theme.text)
  }
}

/// A tip jar: + adds a tip, - takes one back, q leaves. The button adds one too, by mouse.
@MainActor
final class TipJar: TerminalProgram {
  enum Command: Hashable, Sendable { case add, takeBack, quit }

  private(set) var tips = 0
  let goal = 10

  var keys: KeyMap<Command> {
    KeyMap("Tip jar", bindings: [
      KeyBinding([.character("+")], "+", "add a tip", command: .add).inFooter(),
      KeyBinding([.character("-")], "-", "take one back", command: .takeBack).inFooter(),
      KeyBinding([.character("q")], "q", "leave", command: .quit).inFooter(essential: true),
    ])
  }

  func frame(size: Size, context: RenderContext) -> Frame<Command> {
    var frame = Frame<Command>(size: size, theme: context.theme)
    frame.render(Box(title: "Tip jar"), in: frame.bounds)
    let inside = frame.bounds.insideBorder
    frame.render(Gauge(value: tips, maximum: goal), in: inside.row(0))
    frame.render(Button("Add a tip", press: .add), in: inside.row(2))
    frame.render(KeyHints(keys.bindings.compactMap(\.footer)), in: inside.row(inside.height - 1))
    return frame
  }

  func command(for input: InputEvent, size: Size) -> Command? {
    guard case let .key(key) = input else { return nil }
    return keys.command(for: key)
  }

  func perform(_ command: Command) -> ProgramStep {
    switch command {
    case .add: tips = min(goal, tips + 1)
    case .takeBack: tips = max(0, tips - 1)
    case .quit: return .quit
    }
    return .continue
  }
}
