import TerminalKit

extension Canvas {
  /// `widget` drawn alone into a canvas of `size` (its whole area): the value a widget's
  /// snapshot test compares.
  public static func rendering<W: Widget>(_ widget: W, size: Size, theme: Theme = .color) -> Canvas {
    var frame = Frame<W.Command>(size: size, theme: theme)
    frame.render(widget, in: frame.bounds)
    return frame.canvas
  }
}

extension ProgramLoop where Backend == RecordingTerminal {
  /// `program` on an in-memory terminal of `size`, the way a test drives a whole program: each
  /// key's work is waited for before the next, and nothing ticks, so every run is the same.
  ///
  /// ```swift
  /// let todo = ProgramLoop.testing(TodoList(), size: Size(width: 60, height: 16))
  /// await todo.start()
  /// await todo.press(.character("n"))
  /// assertSnapshot(of: todo.frame().canvas, as: .screen)
  /// ```
  public static func testing(_ program: Program, size: Size) -> ProgramLoop {
    ProgramLoop(program: program, backend: RecordingTerminal(size: size), waitsForWork: true, tickInterval: nil)
  }

  /// Presses `keys` one after another, waiting for each key's work, and returns the frames
  /// painted as a recording: the first frame at 0, then one per key, `step` apart. The times are
  /// the script's, so the recording is the same on every machine (a recording for people to
  /// watch, with the real times, is `onlinestore snapshot --format cast`).
  public func recording(keys: [Key], step: Duration = .milliseconds(500), title: String? = nil) async -> Asciicast {
    await start()
    var cast = Asciicast(size: backend.size, title: title)
    var time = Duration.zero
    if let first = backend.screen { cast.record(first, at: time) }
    for key in keys {
      time += step
      guard await press(key), let screen = backend.screen else { break }
      cast.record(screen, at: time)
    }
    return cast
  }
}
