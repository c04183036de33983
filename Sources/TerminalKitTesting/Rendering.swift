import TerminalKit

extension Canvas {
  /// `widget` drawn alone into a canvas of `size` (its whole area): the value a widget's
  /// snapshot test compares.
  public static func rendering<W: Widget>(_ widget: W, size: Size) -> Canvas {
    var frame = Frame<W.Command>(size: size)
    frame.render(widget, in: frame.bounds)
    return frame.canvas
  }
}

extension ProgramLoop where Backend == RecordingTerminal {
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
